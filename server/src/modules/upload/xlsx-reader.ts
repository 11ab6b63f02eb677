// Reads the bookings sheet of an xlsx row by row: the first visible sheet whose header the sink
// recognises (a workbook may begin with notes or lists), else the first visible one; other sheets that
// look like bookings are named, as they are not read. Every part is opened through the zip guard (the
// checked central directory, counted, limited) and parsed as it inflates with saxes, as the .ods
// reader does (docs/decisions/0062): only the shared strings, the date styles and the row being read
// are held. exceljs is not used to read; it writes the project's own workbooks (lib/exceljs.ts).
import { UPLOAD_TITLE_ROWS_MAX } from '@lp/domain/limits';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { isBlankCell, type CellValue, type RowSink, type XlsxSheets } from './sheet-row';
import { UploadRejection } from './upload-rejection';
import { readWorkbook, unescapeXstring, type XlsxSheet, type XlsxWorkbook } from './xlsx-workbook';
import { localName, parseXmlPart, type XmlHandlers } from './xml-part';
import { openZip, ZIP_LIMITS, ZipLimitExceeded, type ZipArchive, type ZipLimits } from './zip-guard';

/** A hostile file must not hold a request for long; 100,000 real rows take a few seconds. */
export const XLSX_READ_TIMEOUT_MS = 60_000;

/** Excel's largest sheet is XFD1048576. */
const MAX_COLUMN = 16_384;

export async function readXlsxRows(
  buffer: Buffer,
  sink: RowSink,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<XlsxSheets> {
  const zip = await openZip(buffer, limits);
  const deadline = setTimeout(
    () => zip.abort(new UploadRejection(UPLOAD_MESSAGES.processingTimeout)),
    XLSX_READ_TIMEOUT_MS,
  );
  try {
    return await readBookingSheet(zip, sink);
  } catch (error) {
    if (error instanceof UploadRejection) throw error;
    if (error instanceof ZipLimitExceeded) throw new UploadRejection(UPLOAD_MESSAGES.xlsxTooLarge);
    throw new UploadRejection(UPLOAD_MESSAGES.corruptXlsx);
  } finally {
    clearTimeout(deadline);
    zip.abort(new Error('closed'));
    zip.close();
  }
}

async function readBookingSheet(zip: ZipArchive, sink: RowSink): Promise<XlsxSheets> {
  const workbook = await readWorkbook(zip);
  const { sheets, date1904 } = workbook;
  if (sheets.length === 0) throw new UploadRejection(UPLOAD_MESSAGES.noWorksheet);

  // With one sheet there is nothing to choose: its rows are read once, as before.
  let chosen = sheets[0]!;
  let others: string[] = [];
  if (sheets.length > 1 && sink.recognisesHeader) {
    const recognised: XlsxSheet[] = [];
    for (const sheet of sheets) {
      if (await headerRecognised(zip, workbook, sheet, sink.recognisesHeader.bind(sink)))
        recognised.push(sheet);
    }
    chosen = recognised[0] ?? chosen;
    others = recognised.slice(1).map((sheet) => sheet.name);
  }

  for await (const row of sheetRows(zip, workbook, chosen)) {
    sink.accept({ ...row, date1904 });
  }
  return { read: chosen.name, otherBookingSheets: others };
}

/** Whether one of the sheet's first filled rows (a title may stand above it) is a bookings header. */
async function headerRecognised(
  zip: ZipArchive,
  workbook: XlsxWorkbook,
  sheet: XlsxSheet,
  recognises: (cells: readonly CellValue[]) => boolean,
): Promise<boolean> {
  let filled = 0;
  // Leaving the loop early ends the sheet's stream: a sheet only looked at is not inflated further.
  for await (const row of sheetRows(zip, workbook, sheet)) {
    if (row.cells.every(isBlankCell)) continue;
    if (recognises(row.cells)) return true;
    filled += 1;
    if (filled > UPLOAD_TITLE_ROWS_MAX) return false;
  }
  return false;
}

interface Row {
  rowNumber: number;
  cells: CellValue[];
}

/** A `<c>` being read. */
interface Cell {
  column: number;
  type: string;
  style: number;
  /** `<v>`'s text. */
  value: string[] | undefined;
  /** An inline string's text (`<is>`: its `<t>`, or its runs' `<t>`s). */
  inline: string[] | undefined;
}

/**
 * The sheet's rows (`<row>` in `<sheetData>`), numbered as the spreadsheet shows them (a row without
 * or with a backwards `r` follows the previous one), each with its cells by column (`<c r>`; gaps are
 * null, a cell without `r` follows the previous one).
 */
async function* sheetRows(zip: ZipArchive, workbook: XlsxWorkbook, sheet: XlsxSheet): AsyncGenerator<Row> {
  const ready: Row[] = [];
  let inSheetData = false;
  let row: Row | undefined;
  let previousRow = 0;
  let previousColumn = 0;
  let cell: Cell | undefined;
  /** Where text goes: the cell's value, its inline string, or nowhere. */
  let target: string[] | undefined;
  let phonetic = 0;

  const handlers: XmlHandlers = {
    opentag(tag) {
      const a = tag.attributes;
      switch (localName(tag.name)) {
        case 'sheetData':
          inSheetData = true;
          break;
        case 'row': {
          if (!inSheetData) break;
          const r = Number(a.r);
          previousRow = Number.isInteger(r) && r > previousRow ? r : previousRow + 1;
          row = { rowNumber: previousRow, cells: [] };
          previousColumn = 0;
          break;
        }
        case 'c': {
          if (!row) break;
          const column = columnOf(a.r) ?? previousColumn + 1;
          if (column > MAX_COLUMN) throw new ZipLimitExceeded();
          previousColumn = column;
          const style = Number(a.s ?? 0);
          cell = { column, type: a.t ?? 'n', style, value: undefined, inline: undefined };
          break;
        }
        case 'v':
          if (cell) target = cell.value = [];
          break;
        case 'is':
          if (cell) cell.inline = [];
          break;
        case 'rPh':
          phonetic += 1;
          break;
        case 't':
          if (cell?.inline && phonetic === 0) target = cell.inline;
          break;
      }
    },
    text(text) {
      target?.push(text);
    },
    closetag(tag) {
      switch (localName(tag.name)) {
        case 'sheetData':
          inSheetData = false;
          break;
        case 'row':
          if (row) ready.push(row);
          row = undefined;
          break;
        case 'c':
          if (cell && row) {
            const value = cellValue(cell, workbook);
            // An empty text (an empty shared string) counts as no value.
            if (value !== null && value !== '') {
              while (row.cells.length < cell.column - 1) row.cells.push(null);
              row.cells[cell.column - 1] = value;
            }
          }
          cell = undefined;
          break;
        case 'v':
        case 't':
          target = undefined;
          break;
        case 'rPh':
          phonetic -= 1;
          break;
      }
    },
  };

  for await (const _ of parseXmlPart(await zip.open(sheet.path, { worksheet: true }), handlers)) {
    yield* ready;
    ready.length = 0;
  }
  yield* ready;
}

/** The column number of a cell reference ('C7' → 3), or undefined without a usable one. */
function columnOf(ref: string | undefined): number | undefined {
  const letters = ref === undefined ? undefined : /^\s*([A-Za-z]{1,4})\d*\s*$/.exec(ref)?.[1];
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/**
 * A cell's value by its type (`t`): a shared string (`s`), an inline string, a formula's text result
 * (`str`), a boolean, an error's text (`#DIV/0!`), an ISO date (`d`), else a number — a date when the
 * cell's style shows one. A formula counts by its cached result, as the user saw it.
 */
function cellValue(cell: Cell, workbook: XlsxWorkbook): CellValue {
  if (cell.type === 'inlineStr' && cell.inline) return unescapeXstring(cell.inline.join(''));
  if (cell.value === undefined) return null;
  const text = cell.value.join('');
  switch (cell.type) {
    case 's':
      return workbook.sharedStrings[Number(text)] ?? null;
    case 'inlineStr':
    case 'str':
      return unescapeXstring(text);
    case 'b':
      return text.trim() === '' ? null : Number(text) !== 0;
    case 'e':
      return text;
    case 'd':
      return isoDate(text);
    default: {
      const n = text.trim() === '' ? NaN : Number(text);
      if (!Number.isFinite(n)) return null;
      return workbook.dateStyles[cell.style] === true ? serialDate(n, workbook.date1904) : n;
    }
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** 1970-01-01 as a serial number of the 1900 date system; the 1904 system counts 1,462 days fewer. */
const UNIX_EPOCH_SERIAL = 25_569;
const DAYS_1900_TO_1904 = 1_462;

/** A serial date as the UTC instant it names (the reader's dates carry no time zone). */
function serialDate(serial: number, date1904: boolean): Date | null {
  const days = serial - UNIX_EPOCH_SERIAL + (date1904 ? DAYS_1900_TO_1904 : 0);
  const date = new Date(Math.round(days * DAY_MS));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A `t="d"` cell: an ISO 8601 date (and time), read as written, at UTC. */
function isoDate(text: string): Date | null {
  const m = /^\s*(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?)?/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '0'] = m;
  const date = new Date(
    Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s, Math.round(Number(`0.${fraction}`) * 1000)),
  );
  return Number.isNaN(date.getTime()) ? null : date;
}
