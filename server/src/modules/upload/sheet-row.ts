// What the readers (CSV, xlsx, ods) hand on: one row of cells, numbered as the user's spreadsheet shows it.

/** A cell as read: CSV gives text; xlsx and ods also give numbers, real dates (UTC) and booleans. */
export type CellValue = string | number | Date | boolean | null;

/** An empty cell, or one of spaces only: such rows are skipped. */
export function isBlankCell(cell: CellValue): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '');
}

/** Excel's longest sheet name; a longer one (LibreOffice allows it, or a hand-made file) is cut for the messages. */
const SHEET_NAME_MAX = 31;

export function shortSheetName(name: string): string {
  const chars = [...name];
  return chars.length > SHEET_NAME_MAX ? `${chars.slice(0, SHEET_NAME_MAX).join('')}…` : name;
}

export interface SheetRow {
  /** Line number in the file (CSV: where the record starts) or the sheet's row number; header = 1. */
  rowNumber: number;
  /** Cells by column position, 0-based. */
  cells: readonly CellValue[];
  /** xlsx only: the workbook counts serial dates from 1904 (old Mac Excel). */
  date1904?: boolean;
}

export interface RowSink {
  /** Takes the next row; throws an UploadRejection to stop reading. */
  accept(row: SheetRow): void;
  /** xlsx with several sheets: whether a sheet whose first filled row is this one holds the data. */
  recognisesHeader?(cells: readonly CellValue[]): boolean;
}

/** Which sheet of an xlsx was read, and the other sheets that looked like bookings too. */
export interface XlsxSheets {
  read: string;
  otherBookingSheets: string[];
}
