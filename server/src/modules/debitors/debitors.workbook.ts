// The debitor list as a file: Debitoren.xlsx (suppliers too).
import type { Debitor } from '@lp/domain/entities';
import { MANAGEMENT_LABELS } from '@lp/domain/labels';
import { addSheet, newWorkbook, workbookBuffer } from '../../lib/spreadsheet';
import { debitorColumns } from './debitors.columns';

export async function debitorsWorkbook(list: readonly Debitor[]): Promise<Buffer> {
  const workbook = await newWorkbook();
  addSheet(workbook, MANAGEMENT_LABELS.debitors, debitorColumns, list);
  return workbookBuffer(workbook);
}
