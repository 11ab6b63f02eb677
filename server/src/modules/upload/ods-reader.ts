// Reads the bookings table of an OpenDocument spreadsheet (.ods, LibreOffice Calc) row by row, with
// the rules of the xlsx reader (decisions.md section 14, docs/decisions/0071): the first visible table
// whose header the sink recognises, else the first visible one; other tables that look like bookings
// are named. content.xml is opened through the zip guard (entry count, sizes, ratio, inflated bytes
// counted) and parsed as it inflates with saxes, a streaming XML parser: nothing of the document is
// held but the row being read. Cells give what the user typed as the spreadsheet stored it: numbers
// (office:value), dates (office:date-value, as the calendar day), booleans, and text.
import type { Readable } from 'node:stream';
import { UPLOAD_TITLE_ROWS_MAX } from '@lp/domain/limits';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { isBlankCell, shortSheetName, type CellValue, type RowSink, type XlsxSheets } from './sheet-row';
import { UploadRejection } from './upload-rejection';
import { XLSX_READ_TIMEOUT_MS } from './xlsx-reader';
import { parseXmlPart, type XmlHandlers } from './xml-part';
import { openZip, ZIP_LIMITS, ZipLimitExceeded, type ZipArchive, type ZipLimits } from './zip-guard';

/** LibreOffice's largest sheet has 16,384 columns (since 7.4) and 1,048,576 rows. */
const MAX_COLUMNS = 16_384;
const CONTENT = 'content.xml';
const MANIFEST = 'META-INF/manifest.xml';

export async function readOdsRows(
  buffer: Buffer,
  sink: RowSink,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<XlsxSheets> {
  let zip: ZipArchive;
  try {
    zip = await openZip(buffer, limits);
  } catch (error) {
    throw odsRejection(error);
  }
  const deadline = setTimeout(
    () => zip.abort(new UploadRejection(UPLOAD_MESSAGES.processingTimeout)),
    XLSX_READ_TIMEOUT_MS,
  );
  try {
    if (!zip.has(CONTENT)) throw new UploadRejection(UPLOAD_MESSAGES.corruptOds);
    if (zip.has(MANIFEST) && (await textOf(await zip.open(MANIFEST))).includes('encryption-data'))
      throw new UploadRejection(UPLOAD_MESSAGES.encryptedOds);
    const first = await readTables(await zip.open(CONTENT), sink, limits, 'recognised');
    if (first.fed) return { read: first.fed, otherBookingSheets: first.others };
    if (first.tables.length === 0) throw new UploadRejection(UPLOAD_MESSAGES.noWorksheetOds);
    // No table names the columns: the first one is read, and the sink says what its header lacks.
    await readTables(await zip.open(CONTENT), sink, limits, 'first');
    return { read: first.tables[0]!, otherBookingSheets: [] };
  } catch (error) {
    throw odsRejection(error);
  } finally {
    clearTimeout(deadline);
    zip.abort(new Error('closed'));
    zip.close();
  }
}

/** The zip guard speaks of Excel files; an .ods is told in its own words. */
function odsRejection(error: unknown): unknown {
  if (error instanceof ZipLimitExceeded) return new UploadRejection(UPLOAD_MESSAGES.odsTooLarge);
  if (!(error instanceof UploadRejection)) return new UploadRejection(UPLOAD_MESSAGES.corruptOds);
  if (error.message === UPLOAD_MESSAGES.xlsxTooLarge) return new UploadRejection(UPLOAD_MESSAGES.odsTooLarge);
  if (error.message === UPLOAD_MESSAGES.corruptXlsx) return new UploadRejection(UPLOAD_MESSAGES.corruptOds);
  return error;
}

async function textOf(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

interface TablesRead {
  /** Visible tables in document order. */
  tables: string[];
  /** The table whose rows went to the sink. */
  fed?: string;
  /** Later visible tables whose header the sink recognised too. */
  others: string[];
}

/**
 * One pass over content.xml. `mode` 'recognised': the rows of the first visible table whose first
 * filled row the sink recognises (every table's, without recognisesHeader) go to the sink; 'first':
 * the rows of the first visible table, whatever its header.
 */
async function readTables(
  content: Readable,
  sink: RowSink,
  limits: ZipLimits,
  mode: 'recognised' | 'first',
): Promise<TablesRead> {
  const result: TablesRead = { tables: [], others: [] };
  const hiddenStyles = new Set<string>();
  let cellsRead = 0;

  // The table being read: its name, whether it is visible, and what became of its header.
  let table:
    { name: string; visible: boolean; state: 'header' | 'feed' | 'skip'; filled: number } | undefined;
  let rowNumber = 0;
  let rowRepeat = 1;
  let cells: CellValue[] | undefined;
  /** Blank cells not yet put into `cells`: only a filled cell after them makes them count. */
  let blanks = 0;
  let cell: { value: CellValue; repeat: number; text: string[] | undefined } | undefined;
  let inParagraph = false;
  /** Table style being declared, and whether it hides its tables. */
  let tableStyle: string | undefined;

  const handleRow = (row: CellValue[], number: number) => {
    if (!table || !table.visible || table.state === 'skip') return;
    if (table.state === 'header') {
      if (row.every(isBlankCell)) return;
      const chosen =
        mode === 'first'
          ? result.tables[0] === table.name && !result.fed
          : !result.fed && (!sink.recognisesHeader || sink.recognisesHeader(row));
      if (chosen) {
        result.fed = table.name;
        table.state = 'feed';
      } else if (result.fed && mode === 'recognised' && sink.recognisesHeader?.(row)) {
        result.others.push(table.name);
        table.state = 'skip';
        return;
      } else {
        // A title may stand above the header: the first few filled rows are looked at.
        table.filled += 1;
        if (table.filled > UPLOAD_TITLE_ROWS_MAX) table.state = 'skip';
        return;
      }
    }
    sink.accept({ rowNumber: number, cells: row });
  };

  const handlers: XmlHandlers = {};
  handlers.opentag = (tag) => {
    const a = tag.attributes;
    switch (tag.name) {
      case 'style:style':
        tableStyle = a['style:family'] === 'table' ? a['style:name'] : undefined;
        break;
      case 'style:table-properties':
        if (tableStyle && a['table:display'] === 'false') hiddenStyles.add(tableStyle);
        break;
      case 'table:table': {
        const name = shortSheetName(a['table:name'] ?? '');
        const visible = !hiddenStyles.has(a['table:style-name'] ?? '');
        table = { name, visible, state: 'header', filled: 0 };
        if (visible) result.tables.push(name);
        rowNumber = 0;
        break;
      }
      case 'table:table-row':
        rowRepeat = positive(a['table:number-rows-repeated']);
        cells = [];
        blanks = 0;
        break;
      case 'table:table-cell':
      case 'table:covered-table-cell':
        cell = { value: cellValue(a), repeat: positive(a['table:number-columns-repeated']), text: undefined };
        break;
      case 'text:p':
      case 'text:h':
        if (cell) {
          cell.text ??= [];
          if (cell.text.length > 0) cell.text.push('\n');
          inParagraph = true;
        }
        break;
      case 'text:s':
        if (cell && inParagraph) cell.text!.push(' '.repeat(Math.min(positive(a['text:c']), 1000)));
        break;
      case 'text:tab':
        if (cell && inParagraph) cell.text!.push('\t');
        break;
      case 'text:line-break':
        if (cell && inParagraph) cell.text!.push('\n');
        break;
    }
  };
  handlers.text = (text) => {
    if (cell && inParagraph) cell.text!.push(text);
  };
  handlers.closetag = (tag) => {
    switch (tag.name) {
      case 'text:p':
      case 'text:h':
        inParagraph = false;
        break;
      case 'table:table-cell':
      case 'table:covered-table-cell': {
        if (!cell || !cells) break;
        let value = cell.value;
        // A text cell, or a number or date cell whose value the file leaves out: what it shows.
        if (value === null && cell.text) value = cell.text.join('');
        if (isBlankCell(value)) blanks += cell.repeat;
        else {
          if (cells.length + blanks + cell.repeat > MAX_COLUMNS) throw new ZipLimitExceeded();
          for (; blanks > 0; blanks -= 1) cells.push(null);
          for (let i = 0; i < cell.repeat; i += 1) cells.push(value);
        }
        cell = undefined;
        break;
      }
      case 'table:table-row': {
        const row = cells ?? [];
        cells = undefined;
        if (row.length === 0) {
          // Blank rows (LibreOffice writes the rest of the sheet as one, repeated a million times).
          rowNumber += rowRepeat;
          break;
        }
        for (let i = 0; i < rowRepeat; i += 1) {
          rowNumber += 1;
          cellsRead += row.length;
          if (cellsRead > limits.maxCells)
            throw new UploadRejection(
              UPLOAD_MESSAGES.odsTooManyCells(limits.maxCells.toLocaleString('de-DE')),
            );
          handleRow(row, rowNumber);
        }
        break;
      }
      case 'table:table':
        table = undefined;
        break;
    }
  };

  for await (const _ of parseXmlPart(content, handlers)) {
    // The first table read: the rest of the document is not.
    if (mode === 'first' && result.fed && !table) break;
  }
  return result;
}

/** A cell's stored value by its office:value-type; text cells (and unknown types) are read from their paragraphs. */
function cellValue(a: Record<string, string>): CellValue {
  switch (a['office:value-type']) {
    case 'float':
    case 'percentage':
    case 'currency': {
      const n = Number(a['office:value']);
      return a['office:value'] !== undefined && Number.isFinite(n) ? n : null;
    }
    case 'date': {
      const match = /^(-?\d{4,})-(\d\d)-(\d\d)/.exec(a['office:date-value'] ?? '');
      if (!match) return null;
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return Number.isNaN(date.getTime()) ? null : date;
    }
    case 'boolean':
      return a['office:boolean-value'] === 'true';
    default:
      return a['office:string-value'] ?? null;
  }
}

function positive(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}
