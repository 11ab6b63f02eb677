// SQL of the bookings export (bookings.export.ts, docs/decisions/0018 and 0019). PostgreSQL writes the
// file's rows itself, with COPY in its CSV format: a second connection copies every row of the filter
// in the list's order from the snapshot the export's transaction took when it began; for each chunk
// of them, the export's transaction locks the not yet exported ones, marks them, records the chunk's
// audit entries and copies the marked rows out again as they are now. Table alias: t = transactions.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { GERMAN_TIME_ZONE } from '@lp/domain/dates';
import { inlineParameters } from '../../lib/sql-literals';

const dialect = new PgDialect();

/** A timestamp as the German calendar day, dd.MM.yyyy, as formatLocalDate writes it. */
const germanDay = (column: SQL) => sql`to_char(${column} at time zone ${GERMAN_TIME_ZONE}, 'DD.MM.YYYY')`;

/**
 * A record of COPY: the booking's id, then the file's cells in its column order
 * (BOOKING_EXPORT_COLUMNS) as the file shows them (German dates, decimal comma), but not yet guarded
 * against formulas nor quoted the file's way (bookings.export-lines.ts does both). `r` is the row;
 * `exportDate` its export date (the marking statement passes the date it has just set).
 */
function exportRecord(r: SQL, exportDate: SQL = sql`${r}.export_date`): SQL {
  return sql`${r}.id, to_char(${r}.invoice_date, 'DD.MM.YYYY'), ${r}.invoice_number, ${r}.debitor_number,
    ${r}.debitor_name, ${r}.delivery_location, ${r}.article_number, ${r}.article_name,
    replace(${r}.net::text, '.', ','), ${r}.additional_information, ${r}.creditor_number,
    ${r}.creditor_name, ${germanDay(sql`${r}.creation_date`)}, ${r}.creation_user_email_address,
    ${germanDay(exportDate)}`;
}

/**
 * COPY … TO STDOUT of `query` as CSV with ';' between cells: a cell is quoted only when it holds ';',
 * '"', CR or LF, an empty text is written as "" and a null as nothing. COPY takes no bind parameters,
 * so they are written into the text (inlineParameters).
 */
function copyOut(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(
    sql`copy (${query}) to stdout (format csv, delimiter ';')`,
  );
  return inlineParameters(text, params);
}

/**
 * The rows of an export as they are before it marks any: the list's rows (`where`) in its order, as
 * COPY records. The second connection copies them out; the bench copies the same select to compare.
 */
export function exportSelect(where: SQL, orderBy: SQL): SQL {
  return sql`select ${exportRecord(sql`t`)} from transactions t where ${where} order by ${orderBy}`;
}

/** The COPY statement of exportSelect, run under the export's snapshot. */
export function exportCopy(where: SQL, orderBy: SQL): string {
  return copyOut(exportSelect(where, orderBy));
}

/**
 * Locks those of `ids` (the chunk's rows without an export date in the export's snapshot) that are
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
 * One COPY statement per chunk, run after lockChunk: marks the `locked` rows (export date now(), the
 * export batch `batchId`, a new version) and copies out the open rows (`open`: the chunk's rows
 * without an export date in the snapshot) as the file shows them now: with their export date after
 * this export, and only those still matching `where` that this export locked or another one has
 * exported meanwhile (a re-export, like a row exported before the snapshot). The statement's snapshot
 * is taken after the locks, so a locked row is read as it is marked. The export's audit entries are
 * written at its end (bookings.export-audit.ts).
 */
export function markChunk(chunk: { open: number[]; locked: number[] }, where: SQL, batchId: number): string {
  const ids = (values: number[]) => sql`${sql.param(values)}::int[]`;
  // No UPDATE where nothing can be marked: each one counts as a write of bookings (the statement
  // trigger of migration 0012_bookings_data_version), even of no row.
  const marking =
    chunk.locked.length === 0
      ? sql`select null::int as id, null::timestamptz as export_date where false`
      : sql`update transactions u set export_date = now(), export_batch_id = ${batchId}, version = u.version + 1
        from current c where u.id = c.id and c.export_date is null and u.export_date is null
        returning u.id, u.export_date`;
  return copyOut(sql`with current as materialized (
      select t.* from transactions t
      where t.id = any(${ids(chunk.open)})
        and (t.id = any(${ids(chunk.locked)}) or t.export_date is not null) and ${where}
    ),
    marked as (${marking})
    select ${exportRecord(sql`c`, sql`coalesce(m.export_date, c.export_date)`)}
    from current c left join marked m on m.id = c.id`);
}

/** The copying connection's transaction: it sees the rows exactly as the export's snapshot does. */
export function importSnapshot(snapshot: string): string[] {
  if (!/^[0-9A-F]+-[0-9A-F]+-[0-9]+$/i.test(snapshot)) throw new Error(`not a snapshot id: ${snapshot}`);
  return ['begin isolation level repeatable read read only', `set transaction snapshot '${snapshot}'`];
}
