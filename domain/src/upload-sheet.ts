// Repair in place and column mapping (decisions.md section 14, issue 55): a file's rows as text, as
// POST /api/upload/sheet reads them for the editable table, and the column mapping a user chose for a
// header the upload does not recognise (remembered per user for the next file with the same headers).
import { z } from 'zod';
import { MESSAGES } from './messages';
import { normaliseHeader, UPLOAD_COLUMNS, type UploadColumnKey } from './upload-columns';

/** Longest header and cell POST /api/upload/rows accepts (the sheet cuts nothing; the rows route refuses). */
export const UPLOAD_ROW_HEADER_MAX_LENGTH = 200;
export const UPLOAD_ROW_VALUE_MAX_LENGTH = 1000;
/** Columns of a file a column mapping may name. */
export const COLUMN_MAPPING_MAX_HEADERS = 100;

export interface UploadSheetRow {
  rowNumber: number;
  values: Record<string, string>;
}

/** A file's rows as the editable table shows them: its headers in order, every cell as text. */
export interface UploadSheet {
  headers: string[];
  rows: UploadSheetRow[];
  /** The mapping this user chose last time for these headers, if any: file header → column. */
  columnMapping: ColumnMapping | null;
}

/** File header → the upload column it holds; headers left out are not imported. */
export type ColumnMapping = Record<string, UploadColumnKey>;

const invalid = { error: MESSAGES.malformedRequest };
const columnKeys = UPLOAD_COLUMNS.map((c) => c.key) as [UploadColumnKey, ...UploadColumnKey[]];

/** PUT /api/upload/column-mapping: every mapped header is one of the file's, each column at most once. */
export const columnMappingBodySchema = z
  .object(
    {
      headers: z
        .array(z.string(invalid).min(1, invalid).max(UPLOAD_ROW_HEADER_MAX_LENGTH, invalid), invalid)
        .min(1, invalid)
        .max(COLUMN_MAPPING_MAX_HEADERS, invalid),
      mapping: z.record(z.string(invalid), z.enum(columnKeys, invalid), invalid),
    },
    invalid,
  )
  .refine(({ headers, mapping }) => Object.keys(mapping).every((h) => headers.includes(h)), invalid)
  .refine(({ mapping }) => new Set(Object.values(mapping)).size === Object.values(mapping).length, invalid);

export type ColumnMappingBody = z.infer<typeof columnMappingBodySchema>;

/** The same headers in any case and spacing are the same file layout. */
export function headersKey(headers: readonly string[]): string {
  return headers.map(normaliseHeader).join('\u001f');
}
