// Master-data lists as CSV or xlsx. Each list is described once as columns (German header plus
// value); every text cell is neutralised against formula injection in both formats.
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs';
import { formatDate, isoDayToWire, todayIsoDay } from '@lp/domain/dates';
import { NAV_LABELS, UI_LABELS } from '@lp/domain/labels';
import { CSV_DIALECT, neutraliseFormula } from './spreadsheet-cells';

/** Excel number formats of the app's files: German dates, amounts with two decimals, and text. */
export const DATE_FORMAT = 'dd.mm.yyyy';
export const AMOUNT_FORMAT = '#,##0.00';
/** A text cell stays text when a user types over it (leading zeros, long numbers). */
export const TEXT_FORMAT = '@';

/** A Date here is a calendar day at UTC midnight. */
export type CellValue = string | number | Date | null;

export interface Column<T> {
  header: string;
  value(row: T): CellValue;
  /** Column width in characters (xlsx). */
  width?: number;
  /** Excel number format of its cells (xlsx): shows a number as the app does, keeping it a number. */
  numFmt?: string;
}

export const yesNo = (value: boolean): string => (value ? UI_LABELS.yes : UI_LABELS.no);

/** A timestamp as the calendar day it has in Germany (UTC midnight), e.g. for a date-only cell. */
export function germanCalendarDay(timestamp: string | Date | null): Date | null {
  return timestamp === null ? null : new Date(isoDayToWire(todayIsoDay(new Date(timestamp))));
}

function csvCell(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return formatDate(value);
  return typeof value === 'number' ? String(value) : neutraliseFormula(value);
}

/**
 * CSV with header row in the one dialect of every download. Master-data lists are a few thousand
 * rows at most, so the file is built in memory.
 */
export function toCsv<T>(columns: readonly Column<T>[], rows: readonly T[]): string {
  const records = [
    columns.map((c) => c.header),
    ...rows.map((row) => columns.map((c) => csvCell(c.value(row)))),
  ];
  return stringify(records, CSV_DIALECT);
}

/** Adds one sheet: bold, frozen header row, then one row per record. */
export function addSheet<T>(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly Column<T>[],
  rows: readonly T[],
) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(12, c.header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const values = columns.map((c) => {
      const value = c.value(row);
      return typeof value === 'string' ? neutraliseFormula(value) : value;
    });
    const added = sheet.addRow(values);
    columns.forEach((c, i) => {
      const numFmt = values[i] instanceof Date ? DATE_FORMAT : c.numFmt;
      if (numFmt) added.getCell(i + 1).numFmt = numFmt;
    });
  }
}

/** A workbook with the product's metadata; master-data exports are small, so they are buffered. */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  workbook.creator = NAV_LABELS.home;
  workbook.created = new Date();
  return workbook;
}

export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
