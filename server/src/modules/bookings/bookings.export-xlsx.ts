// The bookings export as xlsx (decisions.md section 14): the second writer of the one export flow
// (bookings.export.ts). The flow marks, records and hands out the file's CSV lines chunk by chunk;
// this writer turns each chunk's lines into worksheet rows of exceljs's streaming WorkbookWriter and
// hands on the zip bytes it has written so far. So the xlsx has the CSV's columns, rows, order and
// formula guard (the cells arrive neutralised), and the marking, batch and stored file stay the
// flow's. Codes (invoice, debitor, article, creditor numbers) stay text cells: a spreadsheet never
// turns 0815 into 815 or 4711E3 into 4.711.000; dates become date cells, the net a number cell.
import { PassThrough } from 'node:stream';
import { BOOKING_EXPORT_COLUMNS } from '@lp/domain/labels';
import { parseCsvRecords } from '@lp/domain/csv';
import { parseCalendarDate } from '@lp/domain/dates';
import { loadExcelJs, untilSheetZipped } from '../../lib/exceljs';
import { AMOUNT_FORMAT, DATE_FORMAT, TEXT_FORMAT } from '../../lib/spreadsheet';

type ColumnKey = keyof typeof BOOKING_EXPORT_COLUMNS;
type Kind = 'text' | 'date' | 'amount';

/** How each column's text becomes a cell; every other column stays text. */
const KINDS: Partial<Record<ColumnKey, Kind>> = {
  invoiceDate: 'date',
  net: 'amount',
  creationDate: 'date',
  exportDate: 'date',
};
const COLUMN_KEYS = Object.keys(BOOKING_EXPORT_COLUMNS) as ColumnKey[];
const COLUMN_KINDS: Kind[] = COLUMN_KEYS.map((key) => KINDS[key] ?? 'text');
/** Column widths in characters: wide enough for the values a file usually holds. */
const WIDTHS: Partial<Record<ColumnKey, number>> = {
  invoiceDate: 14,
  invoiceNumber: 20,
  debitorName: 32,
  deliveryLocation: 28,
  articleName: 28,
  net: 14,
  additionalInformation: 28,
  creditorName: 32,
  creationUserEmailAddress: 30,
};

const NUMBER_FORMATS: Record<Kind, string> = {
  date: DATE_FORMAT,
  amount: AMOUNT_FORMAT,
  text: TEXT_FORMAT,
};

const BOOKINGS_SHEET_NAME = 'Buchungen';

/** The dd.MM.yyyy text of the file as a date cell (UTC midnight, as exceljs writes dates). */
function dateCell(text: string): Date | string | null {
  if (text === '') return null;
  const day = parseCalendarDate(text);
  return day === null ? text : new Date(`${day}T00:00:00.000Z`);
}

/** The net's decimal-comma text (numeric(12,2): two decimals at most) as a number cell. */
function amountCell(text: string): number | string | null {
  if (text === '') return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : text;
}

function rowValues(cells: readonly string[]): (string | number | Date | null)[] {
  return cells.map((text, i) => {
    const kind = COLUMN_KINDS[i];
    if (kind === 'date') return dateCell(text);
    if (kind === 'amount') return amountCell(text);
    return text;
  });
}

/**
 * The xlsx file of the flow's CSV chunks (the first is the header line, which the workbook writes
 * itself): a zip stream, handed on as it is written. The workbook is opened with the first chunk, so
 * that a failure before any row still leaves the response unsent (and answers 500). The bytes of a
 * chunk are handed on before the next chunk is taken: memory holds what exceljs has not zipped yet.
 */
export async function* xlsxFileChunks(csvChunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const ExcelJS = await loadExcelJs();
  const out = new PassThrough();
  let pending: Buffer[] = [];
  out.on('data', (part: Buffer) => pending.push(part));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const take = (): Buffer | undefined => {
    if (pending.length === 0) return undefined;
    const bytes = Buffer.concat(pending);
    pending = [];
    return bytes;
  };
  let workbook: InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter> | undefined;
  let sheet: ReturnType<NonNullable<typeof workbook>['addWorksheet']> | undefined;
  let first = true;
  for await (const chunk of csvChunks) {
    if (first) {
      // The header chunk: the workbook and its header row, written as exceljs writes a header.
      first = false;
      workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: true,
        useSharedStrings: false,
      });
      sheet = workbook.addWorksheet(BOOKINGS_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = COLUMN_KEYS.map((key, i) => ({
        header: BOOKING_EXPORT_COLUMNS[key],
        key,
        width: WIDTHS[key] ?? Math.max(14, BOOKING_EXPORT_COLUMNS[key].length + 2),
        style: { numFmt: NUMBER_FORMATS[COLUMN_KINDS[i]!] },
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      continue;
    }
    for (const cells of parseCsvRecords(chunk.toString('utf8'))) sheet!.addRow(rowValues(cells)).commit();
    await untilSheetZipped(sheet!);
    const bytes = take();
    if (bytes) yield bytes;
  }
  if (!workbook || !sheet) return;
  sheet.commit();
  await workbook.commit();
  await ended;
  const rest = take();
  if (rest) yield rest;
}
