// A file's rows as text for the editable table (repair in place, decisions.md section 14): the header
// row found as the import finds it, every cell as the text the user would type for it, so that the
// rows sent back through POST /api/upload/rows read exactly as the file did. Dates become dd.MM.yyyy.
import { UPLOAD_MAX_ROWS, UPLOAD_TITLE_ROWS_MAX } from '@lp/domain/limits';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { findUploadColumn } from '@lp/domain/upload-columns';
import type { UploadSheetRow } from '@lp/domain/upload-sheet';
import { cellCalendarDay, cellText } from './cell-values';
import { isBlankCell, type CellValue, type RowSink, type SheetRow } from './sheet-row';
import { UploadRejection } from './upload-rejection';

export class SheetTextCollector implements RowSink {
  /** Filled rows seen while no row names a column yet (title rows, or a header the upload does not know). */
  private readonly pending: SheetRow[] = [];
  /** Per position: the header ('' = a column without header, left out) and whether it holds dates. */
  private columns: { header: string; date: boolean }[] | undefined;
  readonly headers: string[] = [];
  readonly rows: UploadSheetRow[] = [];

  constructor(private readonly maxRows = UPLOAD_MAX_ROWS) {}

  accept(row: SheetRow): void {
    if (row.cells.every(isBlankCell)) return;
    if (this.columns) {
      this.addRow(row);
      return;
    }
    if (namesAColumn(row.cells)) {
      this.setHeader(row);
      this.pending.length = 0;
      return;
    }
    this.pending.push(row);
    // No known header among the first rows: the first filled row is the header, to be mapped by the user.
    if (this.pending.length > UPLOAD_TITLE_ROWS_MAX) this.headerFromFirstPending();
  }

  /** A sheet of several whose first filled row names a column is the one to read. */
  recognisesHeader(cells: readonly CellValue[]): boolean {
    return namesAColumn(cells);
  }

  finish(): { headers: string[]; rows: UploadSheetRow[] } {
    if (!this.columns && this.pending.length > 0) this.headerFromFirstPending();
    if (!this.columns) throw new UploadRejection(UPLOAD_MESSAGES.emptyFile);
    if (this.rows.length === 0) throw new UploadRejection(UPLOAD_MESSAGES.noDataRows);
    return { headers: this.headers, rows: this.rows };
  }

  private headerFromFirstPending() {
    const [first, ...rest] = this.pending;
    this.pending.length = 0;
    this.setHeader(first!);
    for (const row of rest) this.addRow(row);
  }

  private setHeader(row: SheetRow) {
    const taken = new Set<string>();
    this.columns = row.cells.map((cell) => {
      let header = cellText(cell);
      if (header === '') return { header, date: false };
      // Two columns of one name keep both, the second as "Name (2)" (the import refuses the file).
      for (let n = 2; taken.has(header); n += 1) header = `${cellText(cell)} (${n})`;
      taken.add(header);
      this.headers.push(header);
      return { header, date: findUploadColumn(header)?.kind === 'date' };
    });
  }

  private addRow(row: SheetRow) {
    if (this.rows.length >= this.maxRows) {
      throw new UploadRejection(UPLOAD_MESSAGES.tooManyRows(this.maxRows.toLocaleString('de-DE')));
    }
    const entries: [string, string][] = [];
    this.columns!.forEach(({ header, date }, index) => {
      if (header !== '') entries.push([header, textOf(row.cells[index] ?? null, date, row.date1904)]);
    });
    // fromEntries defines own properties: a header '__proto__' is a column like any other.
    this.rows.push({ rowNumber: row.rowNumber, values: Object.fromEntries(entries) });
  }
}

function namesAColumn(cells: readonly CellValue[]): boolean {
  return cells.some((cell) => findUploadColumn(cellText(cell)) !== undefined);
}

/** A date cell (or a serial number in the date column) as dd.MM.yyyy; anything else as cellText. */
function textOf(cell: CellValue, dateColumn: boolean, date1904 = false): string {
  if (cell instanceof Date || (dateColumn && typeof cell === 'number')) {
    const day = cellCalendarDay(cell, date1904).value;
    if (day) return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
  }
  return cellText(cell);
}
