// The server side of the download dialect: csv-stringify options for UTF-8 with BOM, ';' and CRLF.
// The formula rule itself lives once in domain/src/csv.ts (the browser builds CSV files too).
export { neutraliseFormula } from '@lp/domain/csv';

/**
 * The CSV dialect of every download: UTF-8 with BOM, ';' delimiter, CRLF line ends, and a cell with a
 * lone CR or LF quoted, as domain's csvCell (which the bookings export writes with) quotes it:
 * csv-stringify stops quoting line breaks once a record delimiter is set, unless told.
 */
export const CSV_DIALECT = {
  delimiter: ';',
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
  bom: true,
} as const;
