// SQL of bookings: the single read, the batch insert, update and delete, and the look-ups the
// validation needs (master data, duplicates, empty reports); the list's reads are in
// bookings.list-sql.ts. Batches travel as unnest arrays so that the number of statements does not
// grow with the number of bookings.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import type { Db, DbOrTx } from '../../db/connection';
import { DUPLICATE_KEY_COLUMNS, DUPLICATE_KEY_FIELDS, type DuplicateKey } from './duplicate-key';

/**
 * A booking with the names of its master data (the copies kept on the booking row, migration
 * 0011_booking_names_sync), as the list, the edit form and the export need it.
 */
export interface BookingRow {
  id: number;
  /** 'YYYY-MM-DD' */
  invoiceDate: string;
  invoiceNumber: string;
  /** numeric(12,2) as an exact decimal string. */
  net: string;
  debitorNumber: number;
  debitorName: string;
  deliveryLocation: string;
  articleNumber: number;
  articleName: string;
  additionalInformation: string | null;
  creditorNumber: number;
  creditorName: string;
  /** ISO 8601 timestamps (UTC), whatever type parsers the driver uses. */
  exportDate: string | null;
  creationDate: string;
  creationUserEmailAddress: string;
  version: number;
  uploadBatchId: number | null;
}

/** A booking to store; the server fills the creator, the database the id, version and dates. */
export interface NewBookingRow {
  invoiceDate: string;
  invoiceNumber: string;
  net: string;
  debitorNumber: number;
  deliveryLocation: string;
  articleNumber: number;
  additionalInformation: string | null;
  creditorNumber: number;
  creationUserEmailAddress: string;
  /** Defaults to the transaction's now(). */
  creationDate?: Date;
}

const arr = (values: unknown[]) => sql.param(values);

/**
 * Namespace ('BKNG') of the per-creditor advisory locks of booking writes: the lock's first key; the
 * second is the creditor number (both int4, a key space apart from single bigint keys).
 */
export const CREDITOR_LOCK_NAMESPACE = 0x424b4e47;

/**
 * Holds, until the transaction ends, the booking-write lock of each named creditor, so that the
 * duplicate and empty-report look-ups and the write after them are one step per creditor: a parallel
 * save or upload of the same creditor waits, and then sees the rows this one stored. Locked in number
 * order (no deadlock between two files). Only creditors that exist are locked: a booking of any other
 * is refused by the validation, and the number of locks stays bounded by the master data (every
 * advisory lock takes a slot of PostgreSQL's shared lock table).
 */
export async function lockCreditors(tx: DbOrTx, creditorNumbers: readonly number[]): Promise<void> {
  if (creditorNumbers.length === 0) return;
  // Volatile functions of the select list run after the sort: the locks are taken in this order.
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CREDITOR_LOCK_NAMESPACE}::int, c.number)
      from creditors c where c.number = any(${arr([...new Set(creditorNumbers)])}::int[])
      order by c.number`,
  );
}

/** The condition of an empty report (one per creditor and month, decisions.md). */
export const IS_EMPTY_REPORT = sql.raw(
  `(t.article_number = ${EMPTY_REPORT_ARTICLE_NUMBER} and t.debitor_number = ${EMPTY_REPORT_DEBITOR_NUMBER})`,
);

const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Select list of BookingRow (the export reads its own, bookings.export-sql.ts). */
export function bookingColumns(): SQL {
  return sql`t.id, t.invoice_date as "invoiceDate", t.invoice_number as "invoiceNumber", t.net::text as net,
    t.debitor_number as "debitorNumber", t.debitor_name as "debitorName", t.delivery_location as "deliveryLocation",
    t.article_number as "articleNumber", t.article_name as "articleName",
    t.additional_information as "additionalInformation", t.creditor_number as "creditorNumber",
    t.creditor_name as "creditorName", ${isoTimestamp(sql`t.export_date`)} as "exportDate",
    ${isoTimestamp(sql`t.creation_date`)} as "creationDate",
    t.creation_user_email_address as "creationUserEmailAddress", t.version,
    t.upload_batch_id as "uploadBatchId"`;
}

/**
 * The single booking's statement, sent by name: PostgreSQL parses and plans it once per connection
 * instead of on every request, as for the session check (0.37–0.51 → 0.20–0.29 ms per booking read in
 * this process, docs/performance.md change 24).
 */
const BOOKING_BY_ID = {
  name: 'booking_by_id',
  text: new PgDialect().sqlToQuery(sql`select ${bookingColumns()} from transactions t where t.id = $1`).sql,
};

export async function selectBooking(db: Db, id: number): Promise<BookingRow | undefined> {
  const { rows } = await db.$client.query<BookingRow>({ ...BOOKING_BY_ID, values: [id] });
  return rows[0];
}

/**
 * Owner, lock and version of bookings; `forUpdate` locks them until the transaction ends, without
 * waiting (retryWhileLocked): rows another transaction holds fail at once.
 */
export async function findBookingStates(
  db: DbOrTx,
  ids: number[],
  { forUpdate = false } = {},
): Promise<{ id: number; creditorNumber: number; exported: boolean; version: number }[]> {
  const { rows } = await db.execute<{
    id: number;
    creditorNumber: number;
    exported: boolean;
    version: number;
  }>(
    sql`select t.id, t.creditor_number as "creditorNumber", t.export_date is not null as exported, t.version
      from transactions t where t.id = any(${arr(ids)}::int[])${forUpdate ? sql` order by t.id for update nowait` : sql``}`,
  );
  return rows;
}

const INSERT_CHUNK = 5_000;

/**
 * Stores bookings in large multi-row statements (unnest arrays) and returns their ids in input order.
 * The ids are drawn from the sequence first, so each row's id is known, not inferred from an order.
 * `uploadBatchId`: the upload batch that stores them (upload_batches).
 */
export async function insertBookings(
  tx: DbOrTx,
  rows: NewBookingRow[],
  { uploadBatchId = null }: { uploadBatchId?: number | null } = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const { rows: drawn } = await tx.execute<{ id: number }>(
      sql`select nextval(pg_get_serial_sequence('transactions', 'id'))::int as id from generate_series(1, ${chunk.length})`,
    );
    const chunkIds = drawn.map((r) => r.id);
    // The names of the master records come from their rows, locked FOR SHARE by this statement (as
    // the row trigger of migration 0011 did per booking; migration 0050): one lookup per record, not
    // three per booking. A number without record brings no name; the trigger and then the foreign
    // key deal with it.
    await tx.execute(sql`with u as materialized (
        select * from unnest(${arr(chunkIds)}::int[], ${arr(chunk.map((r) => r.invoiceDate))}::date[],
          ${arr(chunk.map((r) => r.invoiceNumber))}::text[], ${arr(chunk.map((r) => r.net))}::numeric[],
          ${arr(chunk.map((r) => r.debitorNumber))}::int[], ${arr(chunk.map((r) => r.deliveryLocation))}::text[],
          ${arr(chunk.map((r) => r.articleNumber))}::int[], ${arr(chunk.map((r) => r.additionalInformation))}::text[],
          ${arr(chunk.map((r) => r.creditorNumber))}::int[], ${arr(chunk.map((r) => r.creationUserEmailAddress))}::text[],
          ${arr(chunk.map((r) => r.creationDate?.toISOString() ?? null))}::timestamptz[])
          as u(id, invoice_date, invoice_number, net, debitor_number, delivery_location, article_number,
            additional_information, creditor_number, email, creation_date)
      ),
      d as (select number, name from debitors where number in (select debitor_number from u) for share),
      a as (select number, name from articles where number in (select article_number from u) for share),
      c as (select number, name from creditors where number in (select creditor_number from u) for share)
      insert into transactions (id, invoice_date, invoice_number, net, debitor_number, delivery_location,
        article_number, additional_information, creditor_number, creation_user_email_address, creation_date,
        upload_batch_id, debitor_name, article_name, creditor_name)
      select u.id, u.invoice_date, u.invoice_number, u.net, u.debitor_number, u.delivery_location,
        u.article_number, u.additional_information, u.creditor_number, u.email, coalesce(u.creation_date, now()),
        ${uploadBatchId}::int, coalesce(d.name, ''), coalesce(a.name, ''), coalesce(c.name, '')
      from u left join d on d.number = u.debitor_number left join a on a.number = u.article_number
        left join c on c.number = u.creditor_number
      order by u.id`);
    ids.push(...chunkIds);
  }
  return ids;
}

/**
 * Overwrites a booking's values if it still has the version the client loaded and bumps the version.
 * `lockExported` (the caller's policy says the export lock applies to it) also requires that it has
 * not been exported meanwhile: the check of the service, repeated in the statement against a race.
 * Returns false when no row matched.
 */
export async function updateBookingRow(
  db: DbOrTx,
  id: number,
  version: number,
  row: Omit<NewBookingRow, 'creationUserEmailAddress' | 'creationDate'>,
  { lockExported }: { lockExported: boolean },
): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`update transactions set
      invoice_date = ${row.invoiceDate}::date, invoice_number = ${row.invoiceNumber}, net = ${row.net}::numeric,
      debitor_number = ${row.debitorNumber}, delivery_location = ${row.deliveryLocation},
      article_number = ${row.articleNumber}, additional_information = ${row.additionalInformation},
      creditor_number = ${row.creditorNumber}, version = version + 1
    where id = ${id} and version = ${version}${lockExported ? sql` and export_date is null` : sql``}
    returning id`);
  return rows.length === 1;
}

export async function deleteBookingRows(tx: DbOrTx, ids: number[]): Promise<number> {
  const { rowCount } = await tx.execute(sql`delete from transactions where id = any(${arr(ids)}::int[])`);
  return rowCount ?? 0;
}

// --- Look-ups of the validation ------------------------------------------------------------------

export interface MasterDataState {
  articles: Map<number, boolean>;
  debitors: Map<number, boolean>;
  creditors: Map<number, boolean>;
}

/** Whether each given number exists (key present) and is active (value), in one statement. */
export async function findMasterDataStates(
  db: DbOrTx,
  numbers: { articles: number[]; debitors: number[]; creditors: number[] },
): Promise<MasterDataState> {
  const { rows } = await db.execute<{ kind: 'a' | 'd' | 'c'; number: number; isActive: boolean }>(
    sql`select 'a' as kind, number, is_active as "isActive" from articles where number = any(${arr(numbers.articles)}::int[])
      union all
      select 'd', number, is_active from debitors where number = any(${arr(numbers.debitors)}::int[])
      union all
      select 'c', number, is_active from creditors where number = any(${arr(numbers.creditors)}::int[])`,
  );
  const state: MasterDataState = { articles: new Map(), debitors: new Map(), creditors: new Map() };
  const byKind = { a: state.articles, d: state.debitors, c: state.creditors };
  for (const row of rows) byKind[row.kind].set(row.number, row.isActive);
  return state;
}

export interface MonthStats {
  emptyReports: number;
  bookings: number;
}

/** Empty reports and other bookings per creditor and month ('YYYY-MM-01'), keyed `creditor|month`. */
export async function findMonthStats(
  db: DbOrTx,
  keys: { creditorNumber: number; month: string }[],
  excludeId: number | undefined,
): Promise<Map<string, MonthStats>> {
  const result = new Map<string, MonthStats>();
  if (keys.length === 0) return result;
  const { rows } = await db.execute<{
    creditorNumber: number;
    month: string;
    emptyReports: number;
    bookings: number;
  }>(
    sql`select k.creditor_number as "creditorNumber", k.month::text as month,
        count(*) filter (where ${IS_EMPTY_REPORT})::int as "emptyReports",
        count(*) filter (where not ${IS_EMPTY_REPORT})::int as bookings
      from unnest(${arr(keys.map((k) => k.creditorNumber))}::int[], ${arr(keys.map((k) => k.month))}::date[])
        as k(creditor_number, month)
      join transactions t on t.creditor_number = k.creditor_number
        and t.invoice_date >= k.month and t.invoice_date < (k.month + interval '1 month')::date
      where t.id <> ${excludeId ?? 0}
      group by k.creditor_number, k.month`,
  );
  for (const row of rows) {
    result.set(monthKey(row.creditorNumber, row.month), {
      emptyReports: row.emptyReports,
      bookings: row.bookings,
    });
  }
  return result;
}

export const monthKey = (creditorNumber: number, month: string) => `${creditorNumber}|${month}`;

/**
 * For each key, the oldest stored booking with the same key values (one statement for the batch),
 * keyed by the key's position in `keys`.
 */
export async function findDuplicates(
  db: DbOrTx,
  keys: readonly DuplicateKey[],
  excludeId: number | undefined,
): Promise<Map<number, { invoiceDate: string; invoiceNumber: string }>> {
  const result = new Map<number, { invoiceDate: string; invoiceNumber: string }>();
  if (keys.length === 0) return result;
  const columns = DUPLICATE_KEY_FIELDS.map((field) => DUPLICATE_KEY_COLUMNS[field]);
  const arrays = DUPLICATE_KEY_FIELDS.map(
    (field) => sql`${arr(keys.map((k) => k[field]))}::${sql.raw(DUPLICATE_KEY_COLUMNS[field].type)}[]`,
  );
  const names = columns.map(({ column }) => sql.identifier(column));
  const sameValues = columns.map(
    ({ column }) => sql`t.${sql.identifier(column)} = k.${sql.identifier(column)}`,
  );
  const { rows } = await db.execute<{ position: number; invoiceDate: string; invoiceNumber: string }>(
    sql`select distinct on (k.idx) k.idx as "position", t.invoice_date as "invoiceDate", t.invoice_number as "invoiceNumber"
      from unnest(${arr(keys.map((_, i) => i))}::int[], ${sql.join(arrays, sql`, `)})
        as k(idx, ${sql.join(names, sql`, `)})
      join transactions t on ${sql.join(sameValues, sql` and `)}
      where t.id <> ${excludeId ?? 0}
      order by k.idx, t.id`,
  );
  for (const row of rows)
    result.set(row.position, { invoiceDate: row.invoiceDate, invoiceNumber: row.invoiceNumber });
  return result;
}
