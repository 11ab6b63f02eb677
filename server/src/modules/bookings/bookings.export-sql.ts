// SQL of the bookings export (bookings.export.ts, docs/decisions/0018): a cursor reads the file's rows
// in the list's order from the snapshot of its DECLARE; for each chunk of them, the not yet exported
// ones are locked and then marked, and every delivered row gets its audit entry, all in the export's
// transaction. Rows are read as arrays (ExportedRow), which spares the driver an object per row.
// Table alias: t = transactions.
import { sql, type SQL } from 'drizzle-orm';
import { exportEntriesCte } from '../audit/audit.repository';

/**
 * A booking as the export reads it: its id, then the sources of the file's cells in the file's
 * column order (BOOKING_EXPORT_COLUMNS). Numbers come as text, as the file shows them.
 */
export type ExportedRow = [
  id: number,
  /** 'YYYY-MM-DD' */
  invoiceDate: string,
  invoiceNumber: string,
  debitorNumber: string,
  debitorName: string,
  deliveryLocation: string,
  articleNumber: string,
  articleName: string,
  /** numeric(12,2) as an exact decimal string. */
  net: string,
  additionalInformation: string | null,
  creditorNumber: string,
  creditorName: string,
  /** ISO 8601 in UTC, like exportDate. */
  creationDate: string,
  creationUserEmailAddress: string,
  /** null: not exported (in the cursor's snapshot). */
  exportDate: string | null,
];

const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The select list of ExportedRow, in its order: only what the file shows, so nothing else is read. */
const COLUMNS: [name: string, expression: SQL][] = [
  ['id', sql`t.id`],
  ['invoice_date', sql`t.invoice_date`],
  ['invoice_number', sql`t.invoice_number`],
  ['debitor_number', sql`t.debitor_number::text`],
  ['debitor_name', sql`t.debitor_name`],
  ['delivery_location', sql`t.delivery_location`],
  ['article_number', sql`t.article_number::text`],
  ['article_name', sql`t.article_name`],
  ['net', sql`t.net::text`],
  ['additional_information', sql`t.additional_information`],
  ['creditor_number', sql`t.creditor_number::text`],
  ['creditor_name', sql`t.creditor_name`],
  ['creation_date', isoTimestamp(sql`t.creation_date`)],
  ['creation_user_email_address', sql`t.creation_user_email_address`],
  ['export_date', isoTimestamp(sql`t.export_date`)],
];

const selectList = sql.join(
  COLUMNS.map(([name, expression]) => sql`${expression} as ${sql.identifier(name)}`),
  sql`, `,
);

const CURSOR = sql.raw('export_rows');

/**
 * The rows of an export as they are before it marks any: the list's rows (`where`) in its order. The
 * cursor reads this; the bench copies it out with COPY to compare.
 */
export function exportSelect(where: SQL, orderBy: SQL): SQL {
  return sql`select ${selectList} from transactions t where ${where} order by ${orderBy}`;
}

/**
 * The cursor over exportSelect, read with fetchChunk. Planned for all its rows, as the statement
 * itself would be: PostgreSQL plans a cursor for its first 10 % by default, and such a fast-start plan
 * walked the whole creation-date index for a search of 5,000 bookings (6.4 s instead of 0.2 s).
 */
export function declareExportCursor(where: SQL, orderBy: SQL): SQL[] {
  return [
    sql`set local cursor_tuple_fraction = 1`,
    sql`declare ${CURSOR} no scroll cursor for ${exportSelect(where, orderBy)}`,
  ];
}

/** The next `rows` rows of the cursor (fewer at its end, none after it). */
export function fetchChunk(rows: number): SQL {
  return sql`fetch forward ${sql.raw(String(Math.trunc(rows)))} from ${CURSOR}`;
}

/**
 * Locks those of `ids` (the chunk's rows without an export date in the cursor's snapshot) that are
 * still not exported and still match `where`, in id order; returns their ids. Waits for a concurrent
 * export or edit of them to end: a row another export marked meanwhile, deleted or changed so that it
 * no longer matches, is not returned (READ COMMITTED re-checks the conditions on the row's newest
 * version), so the chunk's statement never marks a row whose current state it has not read.
 */
export function lockChunk(ids: number[], where: SQL): SQL {
  return sql`select t.id from transactions t
    where t.id = any(${sql.param(ids)}::int[]) and t.export_date is null and ${where}
    order by t.id for update of t`;
}

/**
 * One statement per chunk, run after lockChunk: marks the `locked` rows (export date now(), the export
 * batch `batchId`, a new version), records the `export` audit entry of every row the file delivers
 * (`exported`: the chunk's rows that had an export date in the cursor's snapshot, which never changes
 * again, and the open rows still delivered), and returns the open rows (`open`: the chunk's rows
 * without an export date in the cursor's snapshot) as the file shows them now: with their export date
 * after this export, and only those still matching `where` that this export locked or another one
 * has exported meanwhile (a re-export, like a row exported before the cursor). The statement's
 * snapshot is taken after the locks, so a locked row is read as it is marked.
 */
export function markChunk(
  chunk: { open: number[]; locked: number[]; exported: number[] },
  where: SQL,
  batchId: number,
  userEmailAddress: string,
): SQL {
  const ids = (values: number[]) => sql`${sql.param(values)}::int[]`;
  // No UPDATE where nothing can be marked: each one counts as a write of bookings (the statement
  // trigger of migration 0012_bookings_data_version), even of no row.
  const marking =
    chunk.open.length === 0
      ? sql`select null::int as id, null::timestamptz as export_date where false`
      : sql`update transactions u set export_date = now(), export_batch_id = ${batchId}, version = u.version + 1
        from current c where u.id = c.id and c.export_timestamp is null and u.export_date is null
        returning u.id, u.export_date`;
  const currentColumns = sql.join(
    COLUMNS.map(([name]) =>
      name === 'export_date'
        ? sql`coalesce(${isoTimestamp(sql`m.export_date`)}, c.export_date)`
        : sql`c.${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  return sql`with current as materialized (
      select ${selectList}, t.export_date as export_timestamp
      from transactions t
      where t.id = any(${ids(chunk.open)})
        and (t.id = any(${ids(chunk.locked)}) or t.export_date is not null) and ${where}
    ),
    marked as (${marking}),
    selected as (
      select c.id from current c union all select unnest(${ids(chunk.exported)}) as id
    ),
    ${exportEntriesCte(userEmailAddress, batchId)}
    select ${currentColumns} from current c left join marked m on m.id = c.id`;
}
