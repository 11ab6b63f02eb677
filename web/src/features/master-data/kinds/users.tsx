import { MASTER_DATA_SCREEN_LABELS as L, USER_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES, MASTER_DATA_SCREEN_MESSAGES as M } from '@lp/domain/messages';
import type { User } from '@lp/domain/entities';
import { Checkmark } from '../../../components/ui/checkmark';
import type { RecordResource } from './resource';

/** Passwords are never sent back (decisions.md section 7): the column shows a mask. */
function PasswordMask() {
  return (
    <span role="img" aria-label={L.passwordHidden}>
      {L.passwordMask}
    </span>
  );
}

export const userResource: RecordResource<User> = {
  path: 'users',
  listTitle: L.userList,
  addLabel: L.addUser,
  editTitle: L.editUser,
  newTitle: L.newUser,
  savedMessage: M.userSaved,
  createdMessage: M.userCreated,
  deleteFailedMessage: MASTER_DATA_MESSAGES.userDeleteFailed,
  keyOf: (user) => user.id,
  deleteObject: (user) => M.userToDelete(user.emailAddress),
  deletedMessage: (user) => M.userDeleted(user.emailAddress),
  // The creditor's number too: an admin looks for the users of a supplier.
  searchText: (user) => `${user.emailAddress} ${user.creditorNumber ?? ''}`,
  columns: [
    {
      header: USER_LABELS.emailAddress,
      cell: (user) => user.emailAddress,
      className: 'cell--nowrap',
      link: true,
    },
    { header: USER_LABELS.password, cell: () => <PasswordMask />, className: 'cell--nowrap' },
    {
      header: USER_LABELS.isAdmin,
      cell: (user) => <Checkmark checked={user.isAdmin} />,
      className: 'cell--center',
    },
    {
      header: USER_LABELS.isActive,
      cell: (user) => <Checkmark checked={user.isActive} />,
      className: 'cell--center',
    },
  ],
};
