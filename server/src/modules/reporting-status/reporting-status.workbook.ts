// The reporting status as a spreadsheet: one row per creditor, one column per month, on three sheets
// (the state in words, the bookings' count, the net sum) so that each cell holds one value a
// spreadsheet can sort and sum.
import {
  currentMonth,
  formatMonth,
  shownState,
  type CreditorReportingStatus,
  type ReportingStatus,
} from '@lp/domain/reporting-status';
import { CREDITOR_LABELS, REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import {
  AMOUNT_FORMAT,
  addSheet,
  germanCalendarDay,
  newWorkbook,
  workbookBuffer,
  yesNo,
  type CellValue,
  type Column,
} from '../../lib/spreadsheet';

const creditorColumns: Column<CreditorReportingStatus>[] = [
  { header: CREDITOR_LABELS.number, value: (c) => c.number },
  { header: CREDITOR_LABELS.name, value: (c) => c.name, width: 40 },
  { header: CREDITOR_LABELS.isActive, value: (c) => yesNo(c.isActive) },
  {
    header: CREDITOR_LABELS.lastTransactionCreationDate,
    value: (c) => germanCalendarDay(c.lastTransactionCreationDate),
  },
];

function monthColumns(
  months: readonly string[],
  value: (cell: CreditorReportingStatus['months'][number]) => CellValue,
  numFmt?: string,
): Column<CreditorReportingStatus>[] {
  return months.map((month, i) => ({
    header: formatMonth(month),
    value: (c) => value(c.months[i]!),
    numFmt,
  }));
}

export async function reportingStatusWorkbook({ months, creditors }: ReportingStatus): Promise<Buffer> {
  const workbook = await newWorkbook();
  // The running month's missing cells read as on the screen: "läuft noch", not "fehlt".
  const current = currentMonth();
  const sheets = [
    [L.exportSheetStates, (cell) => L.states[shownState(cell, current)]],
    [L.exportSheetCounts, (cell) => cell.count],
    // Net sums read as amounts (52.326,10), and stay numbers to sum.
    [L.exportSheetNet, (cell) => cell.net, AMOUNT_FORMAT],
  ] as const satisfies readonly (readonly [
    string,
    (cell: CreditorReportingStatus['months'][number]) => CellValue,
    string?,
  ])[];
  for (const [name, value, numFmt] of sheets) {
    addSheet(workbook, name, [...creditorColumns, ...monthColumns(months, value, numFmt)], creditors);
  }
  return workbookBuffer(workbook);
}
