// Reads CSV files as German users produce them: Excel's ';' files in Windows-1252, UTF-8 with or
// without BOM, UTF-16 ("Unicode-Text"), ',' or tab delimiters, quoted fields with line breaks inside.
//
// The tokenizer is our own, not csv-parse: measured here, csv-parse spends about 1 µs per field and
// 5 µs per record (the record info its callback needs for line numbers), so a 20 MB file of
// delimiters or empty lines held a request for 20–110 s; and its line counter counts a CRLF inside
// quotes twice. This one walks the text with indexOf (linear), skips blank lines with one anchored
// regex, and knows each record's first line exactly.
import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { UTF16BE_BOM, UTF16LE_BOM, UTF8_BOM } from './file-kind';
import type { RowSink } from './sheet-row';
import { UploadRejection } from './upload-rejection';

export type Delimiter = ';' | ',' | '\t';

/** Excel's column limit; a record with more fields is no spreadsheet row. */
const MAX_FIELDS = 16_384;

/**
 * Windows-1252 differs from Latin-1 only in 0x80–0x9F (€, „, “, –, …): Latin-1 decoding maps those
 * bytes to C1 controls, which this table turns into the Windows-1252 characters.
 */
const WINDOWS_1252_HIGH = iconv.decode(
  Buffer.from(Array.from({ length: 32 }, (_, i) => 0x80 + i)),
  'windows-1252',
);
const C1_CONTROLS = /[\u0080-\u009f]/g;

/**
 * The file's text: by BOM; else UTF-8 if the bytes are valid UTF-8; else Windows-1252 (Excel's "CSV
 * (Trennzeichen-getrennt)"). A file that holds both, UTF-8's umlauts and a byte UTF-8 does not
 * allow (a line pasted from another file), or a UTF-8 BOM and such a byte, is refused with the
 * line of that byte: read either way, some of its umlauts would be stored garbled ("MÃ¼nchen").
 */
export function decodeText(buffer: Buffer): string {
  if (hasPrefix(buffer, UTF16LE_BOM)) return iconv.decode(buffer.subarray(2), 'utf16le');
  if (hasPrefix(buffer, UTF16BE_BOM)) return iconv.decode(buffer.subarray(2), 'utf16be');
  const withBom = hasPrefix(buffer, UTF8_BOM);
  const data = withBom ? buffer.subarray(UTF8_BOM.length) : buffer;
  if (isUtf8(data)) return data.toString('utf8');
  // Read as UTF-8, each byte UTF-8 does not allow becomes U+FFFD; any other non-ASCII character is a
  // well-formed UTF-8 one.
  const asUtf8 = data.toString('utf8');
  const firstInvalid = asUtf8.indexOf(REPLACEMENT_CHARACTER);
  if (withBom || /[\u0080-\ufffc\ufffe\uffff]/.test(asUtf8)) {
    throw new UploadRejection(UPLOAD_MESSAGES.mixedEncoding(lineOf(asUtf8, firstInvalid)));
  }
  return data.toString('latin1').replace(C1_CONTROLS, (ch) => WINDOWS_1252_HIGH[ch.charCodeAt(0) - 0x80]!);
}

const REPLACEMENT_CHARACTER = '\ufffd';

/** The line of a position as the row numbers count them: CRLF, LF and a lone CR each end one. */
function lineOf(text: string, position: number): number {
  return (text.slice(0, position).match(/\r\n|\n|\r/g)?.length ?? 0) + 1;
}

function hasPrefix(buffer: Buffer, prefix: Buffer): boolean {
  return buffer.length >= prefix.length && buffer.subarray(0, prefix.length).equals(prefix);
}

/** The delimiter that occurs most often outside quotes in the header line (';' on a tie or none). */
export function detectDelimiter(headerLine: string): Delimiter {
  const counts = new Map<Delimiter, number>([
    [';', 0],
    ['\t', 0],
    [',', 0],
  ]);
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as Delimiter))
      counts.set(ch as Delimiter, counts.get(ch as Delimiter)! + 1);
  }
  let best: Delimiter = ';';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/** Excel writes and reads a first line `sep=;` that names the delimiter and is not shown as a row. */
const SEPARATOR_LINE = /^"?sep=([;,\t])"?[ \t]*(?:\r\n|\n|\r|$)/i;

/** Parses the CSV and hands every non-blank record to the sink with the line number it starts on. */
export function readCsvRows(buffer: Buffer, sink: RowSink): void {
  let text = decodeText(buffer);
  let delimiter: Delimiter | undefined;
  const separatorLine = SEPARATOR_LINE.exec(text);
  if (separatorLine) {
    delimiter = separatorLine[1] as Delimiter;
    text = text.slice(separatorLine[0].length);
  }
  delimiter ??= detectDelimiter(firstNonBlankLine(text));
  tokenize(text, delimiter, (cells, rowNumber) => sink.accept({ rowNumber, cells }));
}

function firstNonBlankLine(text: string): string {
  return (
    text
      .slice(0, 64 * 1024)
      .split(/\r\n|\n|\r/)
      .find((line) => line.trim() !== '') ?? ''
  );
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * RFC 4180 with Excel's leniency: fields in double quotes may hold delimiters, doubled quotes and
 * line breaks (\r\n, \n or \r); a quote inside an unquoted field is a character; text after a
 * closing quote belongs to the field. Lines holding only delimiters and spaces are skipped.
 */
export function tokenize(
  text: string,
  delimiter: Delimiter,
  onRecord: (fields: string[], line: number) => void,
): void {
  const length = text.length;
  const delimiterCode = delimiter.charCodeAt(0);
  const blankLine = new RegExp(`[ ${delimiter === '\t' ? '' : delimiter}\\t]*(?:\\r\\n|\\n|\\r|$)`, 'y');
  // Next positions of a delimiter, \n and \r at or after the cursor; each only ever moves forward.
  let nextDelimiter = -2;
  let nextLf = -2;
  let nextCr = -2;
  const stopAfter = (p: number): number => {
    if (nextDelimiter !== -1 && nextDelimiter < p) nextDelimiter = text.indexOf(delimiter, p);
    if (nextLf !== -1 && nextLf < p) nextLf = text.indexOf('\n', p);
    if (nextCr !== -1 && nextCr < p) nextCr = text.indexOf('\r', p);
    let stop = length;
    if (nextDelimiter >= 0 && nextDelimiter < stop) stop = nextDelimiter;
    if (nextLf >= 0 && nextLf < stop) stop = nextLf;
    if (nextCr >= 0 && nextCr < stop) stop = nextCr;
    return stop;
  };

  let pos = 0;
  let line = 1;
  while (pos < length) {
    blankLine.lastIndex = pos;
    if (blankLine.test(text)) {
      pos = blankLine.lastIndex;
      line++;
      continue;
    }
    const recordLine = line;
    const fields: string[] = [];
    for (;;) {
      if (fields.length >= MAX_FIELDS) throw new UploadRejection(UPLOAD_MESSAGES.csvUnreadable(line), line);
      let value: string;
      if (text.charCodeAt(pos) === QUOTE) {
        const quoteLine = line;
        value = '';
        let p = pos + 1;
        for (;;) {
          const q = text.indexOf('"', p);
          if (q < 0) throw new UploadRejection(UPLOAD_MESSAGES.csvUnclosedQuote(quoteLine), quoteLine);
          value += text.slice(p, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += '"';
            p = q + 2;
          } else {
            p = q + 1;
            break;
          }
        }
        line += lineBreaks(value);
        const end = stopAfter(p);
        if (end > p) value += text.slice(p, end);
        pos = end;
      } else {
        const end = stopAfter(pos);
        value = text.slice(pos, end);
        pos = end;
      }
      fields.push(value);
      const c = text.charCodeAt(pos);
      if (c === delimiterCode) {
        pos++;
        continue;
      }
      if (c === CR) {
        pos += text.charCodeAt(pos + 1) === LF ? 2 : 1;
        line++;
      } else if (c === LF) {
        pos++;
        line++;
      }
      break;
    }
    onRecord(fields, recordLine);
  }
}

/** Line breaks inside a quoted value: \r\n, \n and a lone \r each count once. */
function lineBreaks(value: string): number {
  if (value.indexOf('\n') < 0 && value.indexOf('\r') < 0) return 0;
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === LF || (c === CR && value.charCodeAt(i + 1) !== LF)) count++;
  }
  return count;
}
