// Reads the bookings sheet of an xlsx row by row with exceljs's streaming reader: the first visible
// sheet whose header the sink recognises (a workbook may begin with notes or lists), else the first
// visible one; other sheets that look like bookings are named, as they are not read. The parts are
// opened through the zip guard, not by exceljs: its WorkbookReader walks the zip's local headers in
// stream order (trusting them, inflating whatever it meets, spilling sheets to temp files); here each
// part comes from the checked central directory, counted, and is handed to the reader's own parsers.
import { Readable } from 'node:stream';
import { loadExcelJs } from '../../lib/exceljs';
import { UPLOAD_TITLE_ROWS_MAX } from '@lp/domain/limits';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { isBlankCell, type CellValue, type RowSink, type XlsxSheets } from './sheet-row';
import { UploadRejection } from './upload-rejection';
import { openZip, ZIP_LIMITS, ZipLimitExceeded, type ZipArchive, type ZipLimits } from './zip-guard';

/** A hostile file must not hold a request for long; 100,000 real rows take a few seconds. */
export const XLSX_READ_TIMEOUT_MS = 60_000;

/** The part parsers of exceljs's WorkbookReader (lib/stream/xlsx/workbook-reader.js, exceljs 4.4). */
interface WorkbookReaderParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: Readable, sheetNo: string): Generator<{ eventType: string; value: WorksheetRows }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { name: string; rId: string; state?: string }[] };
  properties?: { model?: { date1904?: boolean } };
}

interface WorksheetRows {
  [Symbol.asyncIterator](): AsyncIterator<{ number: number; values: unknown }>;
}

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
  if (!zip.has('[Content_Types].xml') || !zip.has('xl/workbook.xml')) {
    throw new UploadRejection(UPLOAD_MESSAGES.corruptXlsx);
  }
  const ExcelJS = await loadExcelJs();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // the number formats tell date cells from number cells
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookReaderParts;

  if (zip.has('xl/_rels/workbook.xml.rels'))
    await reader._parseRels(await zip.open('xl/_rels/workbook.xml.rels'));
  await reader._parseWorkbook(await zip.open('xl/workbook.xml'));
  if (zip.has('xl/sharedStrings.xml')) {
    for await (const _ of reader._parseSharedStrings(
      await zip.open('xl/sharedStrings.xml', { sharedStrings: true }),
    )) {
      // 'cache' mode yields nothing; the strings are kept on the reader
    }
  }
  if (zip.has('xl/styles.xml')) {
    await reader._parseStyles(await zip.open('xl/styles.xml', { styles: true }));
  }

  const sheets = visibleSheets(reader, zip);
  if (sheets.length === 0) throw new UploadRejection(UPLOAD_MESSAGES.noWorksheet);
  const date1904 = reader.properties?.model?.date1904 === true;

  // With one sheet there is nothing to choose: its rows are read once, as before.
  let chosen = sheets[0]!;
  let others: string[] = [];
  if (sheets.length > 1 && sink.recognisesHeader) {
    const recognised: Sheet[] = [];
    for (const sheet of sheets) {
      if (await headerRecognised(reader, zip, sheet, sink.recognisesHeader.bind(sink)))
        recognised.push(sheet);
    }
    chosen = recognised[0] ?? chosen;
    others = recognised.slice(1).map((sheet) => sheet.name);
  }

  for await (const row of sheetRows(reader, zip, chosen)) {
    sink.accept({ ...row, date1904 });
  }
  return { read: chosen.name, otherBookingSheets: others };
}

interface Sheet {
  name: string;
  path: string;
}

/** The visible sheets in the workbook's tab order, resolved through the relationships. */
function visibleSheets(reader: WorkbookReaderParts, zip: ZipArchive): Sheet[] {
  const sheets: Sheet[] = [];
  for (const sheet of reader.model?.sheets ?? []) {
    if (sheet.state === 'hidden' || sheet.state === 'veryHidden') continue;
    const target = reader.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target;
    if (!target) continue;
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    if (zip.has(path)) sheets.push({ name: shortSheetName(sheet.name), path });
  }
  if (sheets.length > 0) return sheets;
  // Without usable relationships: the lowest-numbered worksheet part.
  const [path] = zip
    .names()
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => Number(/\d+/.exec(a.slice(14))?.[0]) - Number(/\d+/.exec(b.slice(14))?.[0]));
  return path ? [{ name: '', path }] : [];
}

/** Excel's longest sheet name; a longer one (a hand-made file) is cut for the messages. */
const SHEET_NAME_MAX = 31;

function shortSheetName(name: string): string {
  const chars = [...String(name)];
  return chars.length > SHEET_NAME_MAX ? `${chars.slice(0, SHEET_NAME_MAX).join('')}…` : chars.join('');
}

/** The sheet's rows, numbered as the spreadsheet shows them. */
async function* sheetRows(
  reader: WorkbookReaderParts,
  zip: ZipArchive,
  sheet: Sheet,
): AsyncGenerator<{ rowNumber: number; cells: CellValue[] }> {
  const entry = await zip.open(sheet.path, { worksheet: true });
  try {
    const sheetNo = /(\d+)\.xml$/.exec(sheet.path)?.[1] ?? '1';
    const [event] = reader._parseWorksheet(entry, sheetNo);
    if (!event) throw new UploadRejection(UPLOAD_MESSAGES.noWorksheet);
    let previous = 0;
    for await (const row of event.value) {
      const rowNumber = Number.isInteger(row.number) && row.number > previous ? row.number : previous + 1;
      previous = rowNumber;
      yield { rowNumber, cells: toCells(row.values) };
    }
  } finally {
    // A sheet only looked at for its header is not inflated further.
    entry.destroy();
  }
}

/** Whether one of the sheet's first filled rows (a title may stand above it) is a bookings header. */
async function headerRecognised(
  reader: WorkbookReaderParts,
  zip: ZipArchive,
  sheet: Sheet,
  recognises: (cells: readonly CellValue[]) => boolean,
): Promise<boolean> {
  let filled = 0;
  for await (const row of sheetRows(reader, zip, sheet)) {
    if (row.cells.every(isBlankCell)) continue;
    if (recognises(row.cells)) return true;
    filled += 1;
    if (filled > UPLOAD_TITLE_ROWS_MAX) return false;
  }
  return false;
}

/** exceljs's row.values is 1-based with holes; cells here are 0-based plain values. */
function toCells(values: unknown): CellValue[] {
  if (!Array.isArray(values)) return [];
  const cells: CellValue[] = [];
  for (let col = 1; col < values.length; col++) cells.push(toCellValue(values[col]));
  return cells;
}

export function toCellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) {
    return v.richText.map((run: unknown) => String((run as { text?: unknown }).text ?? '')).join('');
  }
  if ('formula' in v || 'sharedFormula' in v) return toCellValue(v.result);
  if ('hyperlink' in v) return toCellValue(v.text);
  if (typeof v.error === 'string') return v.error;
  return null;
}
