// CSV as the product's downloads write it (decisions.md section 6): UTF-8 with BOM, ';' delimiter,
// CRLF line ends, and cells that a spreadsheet might run as a formula neutralised with a leading
// apostrophe. For files built in the browser; the server streams its own with the same rules
// (server/src/lib/spreadsheet-cells.ts re-exports neutraliseFormula from here).

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d{1,3}(?:\.?\d{3})*(?:,\d+)?$|^[+-]?\d+(?:[.,]\d+)?$/;
const NEEDS_QUOTES = /[";\r\n]/;

export const CSV_BOM = '\uFEFF';

/** A leading =, +, -, @, tab or carriage return gets an apostrophe; plain numbers such as -12,50 stay. */
export function neutraliseFormula(value: string): string {
  if (!FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
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
