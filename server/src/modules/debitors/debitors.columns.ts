// The debitor list's columns: Debitoren.xlsx (debitors.workbook.ts) and the Debitoren sheet of the
// master-data export.
import type { Debitor } from '@lp/domain/entities';
import { DEBITOR_LABELS } from '@lp/domain/labels';
import { yesNo, type Column } from '../../lib/spreadsheet';

export const debitorColumns: readonly Column<Debitor>[] = [
  { header: DEBITOR_LABELS.number, value: (d) => d.number, width: 14 },
  { header: DEBITOR_LABELS.name, value: (d) => d.name, width: 40 },
  { header: DEBITOR_LABELS.street, value: (d) => d.street, width: 32 },
  { header: DEBITOR_LABELS.zipCode, value: (d) => d.zipCode, width: 8 },
  { header: DEBITOR_LABELS.city, value: (d) => d.city, width: 24 },
  { header: DEBITOR_LABELS.isActive, value: (d) => yesNo(d.isActive), width: 8 },
];
