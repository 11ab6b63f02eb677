// The Benutzer sheet of the master-data export: the User answer has no password field, so no
// password or hash can reach the file.
import type { User } from '@lp/domain/entities';
import { USER_LABELS } from '@lp/domain/labels';
import { yesNo, type Column } from '../../lib/spreadsheet';

export const userColumns: readonly Column<User>[] = [
  { header: USER_LABELS.emailAddress, value: (u) => u.emailAddress, width: 36 },
  { header: USER_LABELS.isAdmin, value: (u) => yesNo(u.isAdmin), width: 14 },
  { header: USER_LABELS.isActive, value: (u) => yesNo(u.isActive), width: 8 },
  { header: USER_LABELS.creditorNumber, value: (u) => u.creditorNumber, width: 18 },
];
