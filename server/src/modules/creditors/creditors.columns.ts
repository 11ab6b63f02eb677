// The Kreditoren sheet of the master-data export.
import type { Creditor } from '@lp/domain/entities';
import { CREDITOR_LABELS } from '@lp/domain/labels';
import { germanCalendarDay, yesNo, type Column } from '../../lib/spreadsheet';

export const creditorColumns: readonly Column<Creditor>[] = [
  { header: CREDITOR_LABELS.number, value: (c) => c.number, width: 14 },
  { header: CREDITOR_LABELS.name, value: (c) => c.name, width: 40 },
  { header: CREDITOR_LABELS.isActive, value: (c) => yesNo(c.isActive), width: 8 },
  {
    header: CREDITOR_LABELS.lastTransactionCreationDate,
    value: (c) => germanCalendarDay(c.lastTransactionCreationDate),
    width: 22,
  },
];
