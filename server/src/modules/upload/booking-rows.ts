// Turns the rows of a file into booking candidates: finds the header row, maps columns by header
// name, skips empty rows, counts data rows against the limit and parses each cell by its column's kind.
import { UPLOAD_MAX_ROWS } from '@lp/domain/limits';
import type { ValidationMessage } from '@lp/domain/messages';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import type { Actor } from '@lp/domain/policies';
import {
  findUploadColumn,
  isTemplateExampleRow,
  isUploadColumnRequired,
  normaliseHeader,
  UPLOAD_COLUMNS,
  type UploadColumnKey,
} from '@lp/domain/upload-columns';
import { invoiceNumberText } from '@lp/domain/text.schema';
import type { BookingCandidate } from '../bookings/index';
import { cellAmount, cellBusinessNumber, cellCalendarDay, cellText } from './cell-values';
import { isBlankCell, type CellValue, type RowSink, type SheetRow, type XlsxSheets } from './sheet-row';
import { UploadRejection } from './upload-rejection';

export type UploadingUser = Actor;

export interface CollectedBookings {
  candidates: BookingCandidate[];
  /** The file's row number of each candidate. */
  rowNumbers: number[];
  /** Cells that are not even a number where one is needed, per candidate (property = German label). */
  cellErrors: ValidationMessage[][];
  /** xlsx: the sheet read, and other sheets that look like bookings (not read). */
  sheets?: XlsxSheets;
}

type ColumnPositions = Map<UploadColumnKey, number>;

export class BookingRowCollector implements RowSink {
  private columns: ColumnPositions | undefined;
  /** The header row's cells up to its last filled one. */
  private headerWidth = 0;
  private readonly collected: CollectedBookings = { candidates: [], rowNumbers: [], cellErrors: [] };

  private readonly maxRows: number;
  private readonly csv: boolean;

  /**
   * `csv`: a value beyond the header's last column is an error of its row. In a CSV it means a value
   * held the delimiter unquoted ("10,50" in a comma-separated file became 10 and 50), and every value
   * after it moved one column on; read anyway, the row would be stored with 10 € and without the rest.
   * An xlsx cell cannot split, and a note beside the table is left out as any unnamed column is.
   */
  constructor(
    private readonly user: UploadingUser,
    { maxRows = UPLOAD_MAX_ROWS, csv = false }: { maxRows?: number; csv?: boolean } = {},
  ) {
    this.maxRows = maxRows;
    this.csv = csv;
  }

  accept(row: SheetRow): void {
    if (row.cells.every(isBlankCell)) return;
    if (!this.columns) {
      this.columns = mapHeader(row, this.user);
      this.headerWidth = filledWidth(row.cells);
      return;
    }
    if (this.collected.candidates.length >= this.maxRows) {
      throw new UploadRejection(UPLOAD_MESSAGES.tooManyRows(this.maxRows.toLocaleString('de-DE')));
    }
    const errors: ValidationMessage[] = [];
    const width = this.csv ? filledWidth(row.cells) : 0;
    if (width > this.headerWidth) {
      errors.push({
        property: '',
        message: UPLOAD_MESSAGES.moreValuesThanColumns(width, this.headerWidth),
        rowNumber: row.rowNumber,
      });
    }
    this.collected.candidates.push(toCandidate(row, this.columns, errors));
    this.collected.rowNumbers.push(row.rowNumber);
    this.collected.cellErrors.push(errors);
  }

  /** A row that names every column this user must fill: the header of a bookings sheet. */
  recognisesHeader(cells: readonly CellValue[]): boolean {
    const named = new Set(cells.map((cell) => findUploadColumn(cellText(cell))?.key));
    return missingColumns(named, this.user).length === 0;
  }

  finish(): CollectedBookings {
    if (!this.columns) throw new UploadRejection(UPLOAD_MESSAGES.emptyFile);
    if (this.collected.candidates.length === 0) throw new UploadRejection(UPLOAD_MESSAGES.noDataRows);
    return this.collected;
  }
}

/** The cells up to the last one that is not blank (a trailing delimiter adds no value). */
function filledWidth(cells: readonly CellValue[]): number {
  let width = cells.length;
  while (width > 0 && isBlankCell(cells[width - 1]!)) width -= 1;
  return width;
}

/** Positions of the known columns; unknown headers (also '__proto__' and the like) are ignored. */
function mapHeader(row: SheetRow, user: UploadingUser): ColumnPositions {
  const positions: ColumnPositions = new Map();
  row.cells.forEach((cell, index) => {
    const column = findUploadColumn(cellText(cell));
    if (!column) return;
    if (positions.has(column.key)) {
      throw new UploadRejection(UPLOAD_MESSAGES.duplicateColumn(column.header), row.rowNumber);
    }
    positions.set(column.key, index);
  });
  const missing = missingColumns(positions, user);
  if (missing.length > 0 && namesSeveralColumnsInOneCell(row.cells)) {
    throw new UploadRejection(UPLOAD_MESSAGES.unknownDelimiter, row.rowNumber);
  }
  if (missing.length > 0) {
    throw new UploadRejection(
      UPLOAD_MESSAGES.missingColumns(missing.map((c) => c.header).join(', ')),
      row.rowNumber,
    );
  }
  return positions;
}

/**
 * A header of one filled cell that holds two or more column names ("Rechnungsdatum|Rechnungsnummer|…"):
 * the columns are there, split by a character no reader takes. Said so, rather than every column
 * being missing.
 */
function namesSeveralColumnsInOneCell(cells: readonly CellValue[]): boolean {
  const filled = cells.filter((cell) => !isBlankCell(cell));
  if (filled.length !== 1) return false;
  const text = normaliseHeader(cellText(filled[0]!));
  return UPLOAD_COLUMNS.filter((column) => text.includes(normaliseHeader(column.header))).length >= 2;
}

/** The columns this user must fill that a header does not name. */
function missingColumns(named: { has(key: UploadColumnKey): boolean }, user: UploadingUser) {
  return UPLOAD_COLUMNS.filter((c) => isUploadColumnRequired(c, user) && !named.has(c.key));
}

// Messages about a cell name the file's column, as the user sees it in the spreadsheet.
const HEADERS: ReadonlyMap<UploadColumnKey, string> = new Map(UPLOAD_COLUMNS.map((c) => [c.key, c.header]));

// Hot path (100,000 calls): no closures per row.
function toCandidate(row: SheetRow, columns: ColumnPositions, errors: ValidationMessage[]): BookingCandidate {
  const invoiceDate = cellCalendarDay(cellAt(row, columns, 'invoiceDate'), row.date1904);
  const net = cellAmount(cellAt(row, columns, 'net'));
  const debitorNumber = businessNumberAt(row, columns, 'debitorNumber', errors);
  const articleNumber = businessNumberAt(row, columns, 'articleNumber', errors);
  const additionalInformation = cellText(cellAt(row, columns, 'additionalInformation'));
  // A supplier may leave the creditor out (column or cell): the booking validation then takes its
  // own, and refuses a foreign one.
  const creditorNumber = businessNumberAt(row, columns, 'creditorNumber', errors);
  const candidate: BookingCandidate = {
    invoiceDate: invoiceDate.value,
    invoiceNumber: invoiceNumberText(cellText(cellAt(row, columns, 'invoiceNumber'))),
    net: net.value,
    debitorNumber,
    deliveryLocation: cellText(cellAt(row, columns, 'deliveryLocation')),
    articleNumber,
    additionalInformation: additionalInformation === '' ? null : additionalInformation,
    creditorNumber,
  };
  if (isTemplateExampleRow(candidate)) {
    errors.push({
      property: HEADERS.get('invoiceNumber')!,
      message: UPLOAD_MESSAGES.templateExampleRow,
      rowNumber: row.rowNumber,
    });
  }
  // The typed text matters only to say what is wrong with it (100,000 candidates stay in memory).
  if (invoiceDate.value === null && invoiceDate.raw !== undefined) candidate.rawInvoiceDate = invoiceDate.raw;
  if (net.value === null && net.raw !== undefined) candidate.rawNet = net.raw;
  return candidate;
}

function cellAt(row: SheetRow, columns: ColumnPositions, key: UploadColumnKey): CellValue {
  const index = columns.get(key);
  return index === undefined ? null : (row.cells[index] ?? null);
}

function businessNumberAt(
  row: SheetRow,
  columns: ColumnPositions,
  key: UploadColumnKey,
  errors: ValidationMessage[],
): number | null {
  const parsed = cellBusinessNumber(cellAt(row, columns, key));
  if (parsed.error)
    errors.push({ property: HEADERS.get(key)!, message: parsed.error, rowNumber: row.rowNumber });
  return parsed.value;
}
