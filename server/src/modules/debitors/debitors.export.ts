// The debitor list as a file: Debitoren.xlsx (suppliers too), and the Debitoren sheet of the
// master-data export.
import type { Debitor } from '@lp/domain/entities';
import { DEBITOR_LABELS, MANAGEMENT_LABELS } from '@lp/domain/labels';
import { addSheet, newWorkbook, workbookBuffer, yesNo, type Column } from '../../lib/spreadsheet';

export const debitorColumns: readonly Column<Debitor>[] = [
  { header: DEBITOR_LABELS.number, value: (d) => d.number, width: 14 },
  { header: DEBITOR_LABELS.name, value: (d) => d.name, width: 40 },
  { header: DEBITOR_LABELS.street, value: (d) => d.street, width: 32 },
  { header: DEBITOR_LABELS.zipCode, value: (d) => d.zipCode, width: 8 },
  { header: DEBITOR_LABELS.city, value: (d) => d.city, width: 24 },
  { header: DEBITOR_LABELS.isActive, value: (d) => yesNo(d.isActive), width: 8 },
];

export async function debitorsWorkbook(list: readonly Debitor[]): Promise<Buffer> {
  const workbook = await newWorkbook();
  addSheet(workbook, MANAGEMENT_LABELS.debitors, debitorColumns, list);
  return workbookBuffer(workbook);
}
