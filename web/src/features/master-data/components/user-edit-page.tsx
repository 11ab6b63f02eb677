import { useCreditors } from '../../../api/get-creditors';
import { useEditKey, type EditKey } from '../hooks/edit-key';
import { useRecordEditor } from '../hooks/use-record-editor';
import { userResource } from '../kinds/users';
import { EditPageFrame } from './edit-page-frame';
import { SecondFactorReset } from './second-factor-reset';
import { UnknownRecord } from './unknown-record';
import { ResendInvitation } from './resend-invitation';
import { UserForm } from './user-form';
import { useCurrentUser } from '../../../lib/current-user';
import { mayWrite } from '../utils/may-write';

/** /management/users/edit?id=<id|new>. */
export function UserEditPage() {
  const editKey = useEditKey();
  if (editKey === null) return <UnknownRecord resource={userResource} />;
  return <UserEditor key={editKey} editKey={editKey} />;
}

function UserEditor({ editKey }: { editKey: EditKey }) {
  const editor = useRecordEditor(userResource, editKey);
  // All creditors, inactive ones too: a user may still belong to one. The select can only show the
  // stored creditor once its option exists, so the form waits for the list.
  const creditors = useCreditors({ onlyActive: false });
  const { record } = editor;
  const canWrite = mayWrite(useCurrentUser(), 'users');
  return (
    <EditPageFrame
      resource={userResource}
      editor={editor}
      ready={(editor.isNew || record.isSuccess) && creditors.isSuccess}
      error={record.error ?? creditors.error}
      extra={record.data && <SecondFactorReset userId={record.data.id} />}
    >
      {creditors.data && (
        <UserForm
          user={record.data}
          creditors={creditors.data}
          busy={editor.busy}
          saved={editor.status.kind === 'saved' || editor.status.kind === 'created'}
          onSubmit={editor.submit}
          onDelete={editor.confirmDelete}
        />
      )}
      {canWrite && record.data && <ResendInvitation user={record.data} />}
    </EditPageFrame>
  );
}
