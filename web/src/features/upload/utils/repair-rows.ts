// Repair in place (issue 55), the logic without React: the file's columns and what each holds, the
// messages of a check placed on their cells, corrections of one cell or of every cell with the same
// value, and the rows as POST /api/upload/rows takes them. Pure and tested without a browser; every
// step touches only the rows it changes, so 20,000 rows stay quick.
import type { ValidationMessage } from '@lp/domain/messages';
import type { Actor } from '@lp/domain/policies';
import {
  findUploadColumn,
  isUploadColumnRequired,
  UPLOAD_COLUMNS,
  type UploadColumn,
  type UploadColumnKey,
} from '@lp/domain/upload-columns';
import type { ColumnMapping, UploadSheetRow } from '@lp/domain/upload-sheet';

/** A column of the file: its header there and the upload column it holds (null: not imported). */
export interface RepairColumn {
  header: string;
  column: UploadColumn | null;
}

const COLUMN_BY_KEY: ReadonlyMap<UploadColumnKey, UploadColumn> = new Map(
  UPLOAD_COLUMNS.map((c) => [c.key, c]),
);

/** What each header recognises by itself (its name or an alias), as the server reads it. */
export function recognisedMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<UploadColumnKey>();
  for (const header of headers) {
    const key = findUploadColumn(header)?.key;
    if (key && !taken.has(key)) {
      taken.add(key);
      mapping[header] = key;
    }
  }
  return mapping;
}

export function columnsOf(headers: readonly string[], mapping: ColumnMapping): RepairColumn[] {
  return headers.map((header) => {
    const key = Object.hasOwn(mapping, header) ? mapping[header] : undefined;
    return { header, column: key ? (COLUMN_BY_KEY.get(key) ?? null) : null };
  });
}

/** The columns this user must give that the mapping leaves out. */
export function missingColumns(mapping: ColumnMapping, user: Actor): UploadColumn[] {
  const mapped = new Set(Object.values(mapping));
  return UPLOAD_COLUMNS.filter((c) => isUploadColumnRequired(c, user) && !mapped.has(c.key));
}

/** An upload column chosen for two file columns, if any. */
export function columnMappedTwice(mapping: ColumnMapping): UploadColumn | undefined {
  const seen = new Set<UploadColumnKey>();
  for (const key of Object.values(mapping)) {
    if (seen.has(key)) return COLUMN_BY_KEY.get(key);
    seen.add(key);
  }
  return undefined;
}

/** Messages of one check, by row (index into the rows) and by file column. */
export interface PlacedMessages {
  /** `${rowNumber}\u0000${file header}` → the messages of that cell. */
  cells: Map<string, string[]>;
  /** rowNumber → every message of the row, as the row's last column shows them ('Feld: Meldung'). */
  rows: Map<number, string[]>;
}

export const cellKey = (rowNumber: number, header: string) => `${rowNumber}\u0000${header}`;

/**
 * Places each message on its cell: the message names the upload column's header (the German label
 * the server uses), which the mapping leads back to the file's column. A message of the whole row
 * (no field, or a field without a column) is only in the row's list.
 */
export function placeMessages(
  messages: readonly ValidationMessage[],
  columns: readonly RepairColumn[],
): PlacedMessages {
  const headerOf = new Map<string, string>();
  for (const { header, column } of columns) if (column) headerOf.set(column.header, header);
  const placed: PlacedMessages = { cells: new Map(), rows: new Map() };
  for (const m of messages) {
    if (m.rowNumber === undefined) continue;
    const header = headerOf.get(m.property);
    if (header !== undefined) push(placed.cells, cellKey(m.rowNumber, header), m.message);
    push(placed.rows, m.rowNumber, m.property ? `${m.property}: ${m.message}` : m.message);
  }
  return placed;
}

function push<K>(map: Map<K, string[]>, key: K, value: string) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The rows with one cell changed: a new array and a new row object for that row only. */
export function setCell(
  rows: readonly UploadSheetRow[],
  index: number,
  header: string,
  value: string,
): UploadSheetRow[] {
  const next = rows.slice();
  const row = rows[index]!;
  next[index] = { rowNumber: row.rowNumber, values: { ...row.values, [header]: value } };
  return next;
}

/** How many rows other than `except` hold `value` in the column. */
export function countSameValue(
  rows: readonly UploadSheetRow[],
  header: string,
  value: string,
  except: number,
): number {
  let count = 0;
  for (let i = 0; i < rows.length; i += 1)
    if (i !== except && (rows[i]!.values[header] ?? '') === value) count += 1;
  return count;
}

/** Every cell of the column that holds `from` now holds `to`; the changed rows' numbers with it. */
export function replaceInColumn(
  rows: readonly UploadSheetRow[],
  header: string,
  from: string,
  to: string,
): { rows: UploadSheetRow[]; changed: number[] } {
  const changed: number[] = [];
  const next = rows.map((row) => {
    if ((row.values[header] ?? '') !== from) return row;
    changed.push(row.rowNumber);
    return { rowNumber: row.rowNumber, values: { ...row.values, [header]: to } };
  });
  return { rows: next, changed };
}

/**
 * The rows as POST /api/upload/rows takes them: each imported column under the upload's own header,
 * the columns not imported left out (a known header the user chose not to import would be read).
 */
export function toUploadRows(
  rows: readonly UploadSheetRow[],
  columns: readonly RepairColumn[],
): UploadSheetRow[] {
  const imported = columns.filter((c) => c.column !== null);
  return rows.map((row) => ({
    rowNumber: row.rowNumber,
    values: Object.fromEntries(imported.map((c) => [c.column!.header, row.values[c.header] ?? ''])),
  }));
}

/** Indices of the rows that have a message: the table's filter "nur Zeilen mit Meldungen". */
export function rowsWithMessages(rows: readonly UploadSheetRow[], placed: PlacedMessages): number[] {
  const indices: number[] = [];
  rows.forEach((row, index) => {
    if (placed.rows.has(row.rowNumber)) indices.push(index);
  });
  return indices;
}
