// SQL of bookings: the list and single reads, the batch insert, update and delete, and the look-ups
// the validation needs (master data, duplicates, empty reports). Batches travel as unnest arrays so
// that the number of statements does not grow with the number of bookings.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import type { Db, DbOrTx } from '../../db/connection';
import type { BookingSort } from './bookings.filter';
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

const IS_EMPTY_REPORT = sql.raw(
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
 * A row of a list page: the booking, and the data version of the statement's snapshot (migration
 * 0012_bookings_data_version), with which the list confirms the totals it cached for its filter
 * (bookings.totals-cache.ts) without a statement of its own.
 */
export interface BookingPageRow extends BookingRow {
  /** bigint as text. */
  dataVersion: string;
}

/** Select list of BookingPageRow: evaluated once per statement (an init plan). */
const pageColumns = () => sql`${bookingColumns()}, ${DATA_VERSION} as "dataVersion"`;

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
 * How a page is read; every plan returns the same rows in the same order (docs/performance.md):
 * - `direct`: one statement; PostgreSQL walks the sort order's index and stops after the page.
 * - `matchesFirst`: the ids of all matches first (few: the caller knows the total), then the page
 *   among them. Keeps PostgreSQL from walking the sort index through a million rows looking for a
 *   handful of matches it cannot estimate (rare search terms, narrow filters). The ids travel as an
 *   array (`= any(array(…))`), which the planner reads through the primary key whatever it guesses
 *   of their number; a CTE joined to the table was estimated at 200,000 rows and hash-joined with a
 *   scan of the whole table (docs/performance.md).
 * - `idsFirst`: the page's ids first, in order, then only those rows read and formatted. For deep
 *   pages, so that the skipped rows are neither formatted nor read in full.
 * - `sortedMatches`: the page's ids sorted out of the matches' sort columns, then those rows. For
 *   one creditor's list (at most a creditor's bookings) in an order no index led by the creditor has
 *   (an index-only scan of transactions_creditor_list_idx when only the creditor restricts): walking
 *   a global sort index instead passes every other creditor's bookings that sort before this one's
 *   (0.9 s for a supplier's first page by creditor name, descending) and all the skipped ones on a
 *   deep page. And for an invoice-date range in an order that follows the invoice dates, whose
 *   index walk passes every newer booking first; and for a search over every creditor with few
 *   matches, whose index walk tests the search on every booking it passes.
 * - `groupedMatches`: for a deep page in an order of repeating values (bookings.filter.ts
 *   REPEATING_SORT_KEYS): the matches counted per value, the values (usually a few thousand) put in
 *   order, and the page's rows read among the bookings of the values it spans. Sorting 75,000 names
 *   with the ICU collation to reach page 1000 took 85–95 ms; this takes about half.
 * - `groupsInIdOrder`: for a deep page in an order of few values (bookings.filter.ts
 *   FEW_VALUE_SORT_KEYS): the matches counted per value as for `groupedMatches`, then the bookings of
 *   each value the page spans walked in id order, which within one value is the list's order, up to
 *   the page's rows: no sort of the large groups these keys have.
 */
export type PagePlan =
  'direct' | 'matchesFirst' | 'idsFirst' | 'sortedMatches' | 'groupedMatches' | 'groupsInIdOrder';

/** The plans whose cost grows with the offset: what a deep page skips is walked or sorted. */
const PLANS_READ_FROM_THE_END: readonly PagePlan[] = ['idsFirst', 'sortedMatches', 'groupsInIdOrder'];

interface PageOptions {
  /**
   * `sortedMatches`: hand the matches to the sort in id order (in the list's direction). Bookings get
   * their invoice numbers and dates in about the order they are stored, so PostgreSQL's sort finds
   * such input nearly presorted: a supplier's page 1000 by invoice number descending 85–142 → 42–48
   * ms. Free for one creditor's list (transactions_creditor_list_idx is in id order); for matches
   * read another way it costs a sort of their ids.
   */
  matchesInIdOrder?: boolean;
  /**
   * The number of matches (the request's totals). With it, a page of `idsFirst` or `sortedMatches`
   * that has fewer rows after it than before it is read from the end, in the reverse order, and
   * turned round: the index walk or the sort's bound covers the rows after the page instead of the
   * rows before it (the last page of a supplier's list by net: a top-50 sort instead of a sort of all
   * 74,000). The reverse order is exact (ids break every tie), so the rows are the same. A write
   * committed between the totals and the page shifts the page by its rows, as it shifts the next page
   * of a list read from the start.
   */
  total?: number;
  /**
   * `sortedMatches` of an order that follows the ids (BookingSort `followsIds`), matches in id order:
   * from this offset on, all matches are sorted and the page taken from the sorted run, rather than
   * kept in a top-N heap of the page's bound. Nearly sorted input fills that heap in its worst order
   * (each new value sifts up to the top, with a full collation comparison per step: PostgreSQL uses
   * no abbreviated keys for bounded sorts), where a full sort takes it in stride: a supplier's page
   * 1000 by invoice number 65–107 → 40–52 ms (`EXPLAIN ANALYZE`, 24,499 rows bound). For other orders,
   * and before this offset, the bounded sort was as fast or faster.
   */
  fullSortFrom?: number;
}

/** PageOptions `fullSortFrom` of the list. */
const FULL_SORT_OFFSET = 5_000;

export async function selectBookingPage(
  db: DbOrTx,
  where: SQL,
  sort: BookingSort,
  limit: number,
  offset: number,
  plan: PagePlan = 'direct',
  { total, ...options }: PageOptions = {},
): Promise<BookingPageRow[]> {
  if (total === undefined || !PLANS_READ_FROM_THE_END.includes(plan) || total - offset - limit >= offset)
    return readPage(db, where, sort, limit, offset, plan, options);
  if (offset >= total) return [];
  const fromTheEnd = await readPage(
    db,
    where,
    sort.reversed(),
    Math.min(limit, total - offset),
    Math.max(0, total - offset - limit),
    plan,
    options,
  );
  return fromTheEnd.reverse();
}

async function readPage(
  db: DbOrTx,
  where: SQL,
  sort: BookingSort,
  limit: number,
  offset: number,
  plan: PagePlan,
  { matchesInIdOrder = false, fullSortFrom = FULL_SORT_OFFSET }: Omit<PageOptions, 'total'>,
): Promise<BookingPageRow[]> {
  const { orderBy } = sort;
  /** `sortedMatches`: the page's ids, sorted out of the matches' sort column. */
  const sortedIds = () => {
    const idOrder = matchesInIdOrder ? sql`order by t.id ${sort.direction}` : sql``;
    const matches = sql`(select ${sort.select} from transactions t where ${where} ${idOrder} offset 0) t`;
    // A materialized CTE keeps the page's bound from reaching the sort (fullSortFrom); its scan
    // returns the sorted run in order.
    return matchesInIdOrder && sort.followsIds && offset >= fullSortFrom
      ? sql`with sorted as materialized (select t.id from ${matches} order by ${orderBy})
          select id from sorted limit ${limit} offset ${offset}`
      : sql`select t.id from ${matches} order by ${orderBy} limit ${limit} offset ${offset}`;
  };
  /** `groupsInIdOrder`: the page's ids, walked in id order within each value the page spans. */
  const idsOfSpannedGroups = () =>
    sql`with counted as (select ${sort.column} as value, count(*) as n
        from transactions t where ${where} group by 1),
      placed as (select value, n,
        sum(n) over (order by value ${sort.direction}${sort.nulls} rows unbounded preceding) - n as before
        from counted),
      spanned as (select value, n, before from placed
        where before < ${offset + limit} and before + n > ${offset})
    select g.id from spanned s cross join lateral (
      select t.id from transactions t
      where ${where} and ${sort.column} is not distinct from s.value
      order by t.id ${sort.direction}
      offset greatest(0, ${offset} - s.before)
      limit least(s.n, ${offset + limit} - s.before) - greatest(0, ${offset} - s.before)) g`;
  /**
   * A page read whole rows and sorted or walked up to its limit, formatted afterwards: the select
   * list's formatting (two timestamps through to_char) would otherwise run on every row the sort takes
   * in or the walk skips (the 440 matches of a debitor filter: 2.9 → 1.8 ms).
   */
  const formattedAfter = (page: SQL) => sql`select ${pageColumns()} from (${page}) t order by ${orderBy}`;
  const statement =
    plan === 'matchesFirst'
      ? formattedAfter(sql`select t.* from transactions t
          where t.id = any(array(select t.id from transactions t where ${where}))
          order by ${orderBy} limit ${limit} offset ${offset}`)
      : plan === 'sortedMatches' || plan === 'groupsInIdOrder'
        ? sql`select ${pageColumns()} from transactions t
          where t.id = any(array(${plan === 'sortedMatches' ? sortedIds() : idsOfSpannedGroups()}))
          order by ${orderBy}`
        : plan === 'groupedMatches'
          ? // "before": how many matches sort before the value's first booking.
            sql`with counted as (select ${sort.column} as value, count(*) as n
              from transactions t where ${where} group by 1),
            placed as (select value, n,
              sum(n) over (order by value ${sort.direction} rows unbounded preceding) - n as before
              from counted),
            spanned as (select value, before from placed
              where before < ${offset + limit} and before + n > ${offset})
          ${formattedAfter(sql`select t.* from transactions t
          where ${where} and ${sort.column} = any(array(select value from spanned))
          order by ${orderBy} limit ${limit}
          offset (select ${offset} - coalesce(min(before), 0) from spanned)`)}`
          : plan === 'idsFirst'
            ? sql`with p as materialized (select t.id from transactions t where ${where}
            order by ${orderBy} limit ${limit} offset ${offset})
          select ${pageColumns()} from p join transactions t on t.id = p.id order by ${orderBy}`
            : formattedAfter(sql`select t.* from transactions t
          where ${where} order by ${orderBy} limit ${limit} offset ${offset}`);
  const { rows } = await db.execute<BookingPageRow & Record<string, unknown>>(statement);
  return rows;
}

const DATA_VERSION = sql`coalesce((select version from bookings_data_version), 0)::text`;

/**
 * Count and net sum over the whole filter (not a page), with the data version of the same snapshot
 * (migration 0012_bookings_data_version).
 */
export async function selectBookingTotals(
  db: DbOrTx,
  where: SQL,
): Promise<{ total: number; netSum: string; version: string }> {
  const { rows } = await db.execute<{ total: number; netSum: string; version: string }>(
    sql`select count(*)::int as total, coalesce(sum(t.net), 0)::text as "netSum",
      ${DATA_VERSION} as version
      from transactions t where ${where}`,
  );
  return rows[0]!;
}

/**
 * The totals of every booking (`creditorNumber` null) or of one creditor's, without counting them:
 * the month totals (migration 0015_booking_month_totals_sync, kept by the write statements' triggers
 * in their own transactions) hold the count and exact net sum of the bookings other than empty
 * reports; the empty reports (one per creditor and month, through their partial unique index) are
 * counted with their net as it is stored. One statement: totals and data version of one snapshot.
 */
export async function selectWholeCreditorTotals(
  db: DbOrTx,
  creditorNumber: number | null,
): Promise<{ total: number; netSum: string; version: string }> {
  const creditor = (column: SQL) =>
    creditorNumber === null ? sql`true` : sql`${column} = ${creditorNumber}`;
  const { rows } = await db.execute<{ total: number; netSum: string; version: string }>(
    sql`select (m.bookings + e.reports)::int as total, (m.net + e.net)::text as "netSum",
        ${DATA_VERSION} as version
      from (select coalesce(sum(bookings), 0) as bookings, coalesce(sum(net), 0) as net
          from booking_month_totals where ${creditor(sql`creditor_number`)}) m,
        (select count(*) as reports, coalesce(sum(t.net), 0) as net
          from transactions t where ${IS_EMPTY_REPORT} and ${creditor(sql`t.creditor_number`)}) e`,
  );
  return rows[0]!;
}

/** The number of committed writes of bookings (migration 0012_bookings_data_version). */
export async function selectBookingsDataVersion(db: DbOrTx): Promise<string> {
  const { rows } = await db.execute<{ version: string }>(sql`select ${DATA_VERSION} as version`);
  return rows[0]!.version;
}

/** Owner, lock and version of bookings; `forUpdate` locks them until the transaction ends. */
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
      from transactions t where t.id = any(${arr(ids)}::int[])${forUpdate ? sql` for update` : sql``}`,
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
    await tx.execute(sql`insert into transactions (id, invoice_date, invoice_number, net, debitor_number,
        delivery_location, article_number, additional_information, creditor_number, creation_user_email_address,
        creation_date, upload_batch_id)
      select u.id, u.invoice_date, u.invoice_number, u.net, u.debitor_number, u.delivery_location,
        u.article_number, u.additional_information, u.creditor_number, u.email, coalesce(u.creation_date, now()),
        ${uploadBatchId}::int
      from unnest(${arr(chunkIds)}::int[], ${arr(chunk.map((r) => r.invoiceDate))}::date[],
        ${arr(chunk.map((r) => r.invoiceNumber))}::text[], ${arr(chunk.map((r) => r.net))}::numeric[],
        ${arr(chunk.map((r) => r.debitorNumber))}::int[], ${arr(chunk.map((r) => r.deliveryLocation))}::text[],
        ${arr(chunk.map((r) => r.articleNumber))}::int[], ${arr(chunk.map((r) => r.additionalInformation))}::text[],
        ${arr(chunk.map((r) => r.creditorNumber))}::int[], ${arr(chunk.map((r) => r.creationUserEmailAddress))}::text[],
        ${arr(chunk.map((r) => r.creationDate?.toISOString() ?? null))}::timestamptz[])
        as u(id, invoice_date, invoice_number, net, debitor_number, delivery_location, article_number,
          additional_information, creditor_number, email, creation_date)`);
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
