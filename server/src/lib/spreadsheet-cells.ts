// Text written into CSV or xlsx files that a spreadsheet might run as a formula is neutralised
// (decisions.md section 6): a leading =, +, -, @, tab or carriage return gets a leading apostrophe.
// Plain numbers such as -12,50 stay as they are.

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d{1,3}(?:\.?\d{3})*(?:,\d+)?$|^[+-]?\d+(?:[.,]\d+)?$/;

export function neutraliseFormula(value: string): string {
  if (!FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

/** The CSV dialect of every download: UTF-8 with BOM, ';' delimiter, CRLF line ends. */
export const CSV_DIALECT = { delimiter: ';', record_delimiter: '\r\n', bom: true } as const;
