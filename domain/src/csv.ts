// CSV as the product's downloads write it (decisions.md section 6): UTF-8 with BOM, ';' delimiter,
// CRLF line ends, and cells that a spreadsheet might run as a formula neutralised with a leading
// apostrophe. For files built in the browser; the server streams its own with the same rules
// (server/src/lib/spreadsheet-cells.ts re-exports neutraliseFormula from here).

/**
 * What a spreadsheet may take as the start of a formula: = + - @ tab CR, and every sign that Unicode's
 * compatibility normalisation (NFKC) makes one of them: the full-width ＝ ＋ － ＠ (U+FF1D U+FF0B U+FF0D
 * U+FF20), the small ﹦ ﹢ ﹣ ﹫ (U+FE66 U+FE62 U+FE63 U+FE6B), the super- and subscript ⁼ ⁺ ₌ ₊
 * (U+207C U+207A U+208C U+208A), which spreadsheets with East Asian input or autocorrection read as
 * their ASCII twins; and the minus signs − ⁻ ₋ (U+2212, U+207B and U+208B, which NFKC makes U+2212).
 * Checked on the normalised first character, so no look-alike list has to be complete by hand.
 */
const FORMULA_SIGNS = /^[=+\-@\t\r\u2212]/;
const startsFormula = (text: string) => {
  const first = text.codePointAt(0);
  return first !== undefined && FORMULA_SIGNS.test(String.fromCodePoint(first).normalize('NFKC'));
};
const PLAIN_NUMBER = /^[+-]?\d{1,3}(?:\.?\d{3})*(?:,\d+)?$|^[+-]?\d+(?:[.,]\d+)?$/;
const NEEDS_QUOTES = /[";\r\n]/;

export const CSV_BOM = '\uFEFF';

/**
 * A leading =, +, -, @, tab or carriage return (or a look-alike of one, see FORMULA_SIGNS) gets an apostrophe;
 * plain numbers such as -12,50 stay.
 */
export function neutraliseFormula(value: string): string {
  if (!startsFormula(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

/** The text a guarded cell stood for: an upload of an exported file reads what was exported. */
export function undoFormulaGuard(value: string): string {
  return value.startsWith("'") && startsFormula(value.slice(1)) ? value.slice(1) : value;
}

/** One cell: neutralised, and quoted (inner quotes doubled) when it holds ';', '"' or a line break. */
export function csvCell(value: string): string {
  const safe = neutraliseFormula(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole file's text, BOM first, every record ended by CRLF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return CSV_BOM + rows.map((row) => `${row.map(csvCell).join(';')}\r\n`).join('');
}

/**
 * The records of a text in the download dialect, read back (the inverse of csvCell and toCsv):
 * cells between ';', a '"' around a cell with ';', '"' or a line break, '""' inside; a record ends at
 * a line break outside quotes (CRLF in the file; LF in PostgreSQL's COPY output, which uses the same
 * quoting). The file's cells come back as written, so a formula guard stays (undoFormulaGuard).
 */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
      if (char === '\r') i += 1;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push(cells);
  }
  return records;
}

/**
 * How many data records a CSV text holds (after its header row): record ends are line breaks outside
 * quotes, so a quoted cell with a line break counts once. The export's count comes from its file: the
 * file streams, and a header sent first could not know how many rows follow.
 */
export function countCsvRecords(text: string): number {
  let records = 0;
  let quoted = false;
  let content = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) {
      if (content) records += 1;
      content = false;
      continue;
    }
    if (char !== '\r' && char !== CSV_BOM) content = true;
  }
  if (content) records += 1;
  return Math.max(records - 1, 0);
}
