// SQL of the bookings list's pages: a page read by one of the page plans (chosen in
// bookings.page-plan.ts), or by the ids kept for a search (bookings.match-ids-cache.ts). Every plan
// answers the same rows in the same order; they differ only in speed at a million bookings
// (docs/performance.md). The totals of a filter: bookings.totals-sql.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { SortKey } from '@lp/domain/booking-list-query';
import type { Db, DbOrTx } from '../../db/connection';
import { executePrepared } from '../../db/prepared';
import {
  DEBITOR_TOTALS_GROUPED_SORT_KEYS,
  type BookingSort,
  type ExportStatus,
  type TotalsGroupedSortKey,
  type WholeCreditorList,
} from './bookings.filter';
import type { MatchIds } from './bookings.match-ids-cache';
import { bookingColumns, type BookingRow } from './bookings.repository';
import { DATA_VERSION } from './bookings.data-version';

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
 *   (an index-only scan of transactions_creditor_list_idx, which carries every filtered and searched
 *   column but the export batch, migrations 0035-0036): walking a global sort index instead passes
 *   every other creditor's bookings that sort before this one's
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
 *   the page's rows: no sort of the large groups these keys have. Each value's bookings are walked
 *   from the end nearer to the page.
 * - `totalGroups`: for a list that nothing restricts but the creditor (and, by month totals, the
 *   export status), in an order whose groups derived totals count (bookings.filter.ts
 *   MONTH_TOTALS_GROUPED_SORT_KEYS for every creditor's bookings, DEBITOR_TOTALS_GROUPED_SORT_KEYS for
 *   one creditor's): as `groupsInIdOrder`, but each group's number of bookings is read from the month
 *   or debitor totals instead of counted, and the page's groups are walked in the list's order.
 *   Walking an order's index past 500,000 entries for page 10,000 took 55–98 ms (the creditor
 *   number's index carries the list's columns: 237 ms cold), sorting or counting a supplier's 74,449
 *   debitor names 21–37 ms; this walks at most half of one group (3–12 ms, docs/performance.md).
 * - `walkedIds`: `idsFirst`, its statement planned with sorts and bitmap scans switched off (in a
 *   transaction of its own), so that the page's ids are found by walking the order's index with the
 *   filter checked there. For deep pages of large filters the order's index checks
 *   (bookings.filter.ts FILTER_CARRYING_SORT_KEYS): PostgreSQL estimates the walk dearer than reading
 *   the matches through a bitmap and sorting all of them, which on a table grown by uploads took
 *   101–207 ms for the middle pages of 58,000–82,000 matches (docs/performance.md, change 41). A walk
 *   from the nearer end passes at most half the index, whatever the filter.
 * - `walkThenSort`: for the first pages of a search or an export batch with many matches, and their
 *   deep pages where the matches lie together: the order's index walked for at most `walkBudget`
 *   bookings of `walkScope` (one creditor's where only one creditor's can match; within the matches'
 *   range where their count read it, bookings.match-range.ts walkScopeInRange), the condition tested
 *   on each, and the page taken from
 *   the matches among them; when they do not fill it, `sortedMatches`.
 *   PostgreSQL's own walk assumes the matches spread evenly over the order, but a search's matches
 *   often lie together: the invoice numbers of one period, an order number of one year. Walking the
 *   newest bookings first for the 87,696 matches of an invoice-number prefix of the oldest ones passed
 *   693,099 others (233–264 ms at a million); the bounded walk gives up after ~8 ms, and the sort of
 *   all matches takes 65–75 ms (docs/performance.md, change 57).
 */
export type PagePlan =
  | 'direct'
  | 'matchesFirst'
  | 'idsFirst'
  | 'walkedIds'
  | 'walkThenSort'
  | 'sortedMatches'
  | 'groupedMatches'
  | 'groupsInIdOrder'
  | 'totalGroups';

/** The plans whose cost grows with the offset: what a deep page skips is walked or sorted. */
const PLANS_READ_FROM_THE_END: readonly PagePlan[] = [
  'idsFirst',
  'walkedIds',
  'walkThenSort',
  'sortedMatches',
  'groupsInIdOrder',
];

interface PageOptions {
  /**
   * `sortedMatches`: hand the matches to the sort in id order (in the list's direction). Bookings get
   * their invoice numbers and dates in about the order they are stored, so PostgreSQL's sort finds
   * such input nearly presorted: a supplier's page 1000 by invoice number descending 85–142 → 42–48
   * ms. Free for one creditor's list (transactions_creditor_list_idx is in id order); for matches
   * read another way it costs a sort of their ids (bookings.page-plan.ts matchesInIdOrder).
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
  /**
   * `totalGroups`: whose bookings the list is, all of them or those of one export status
   * (bookings.filter.ts wholeCreditorFilter).
   */
  wholeCreditor?: WholeCreditorList;
  /** `walkThenSort`: how many bookings of the order's index its walk tests at most. */
  walkBudget?: number;
  /** `walkThenSort`: the bookings its walk passes (bookings.filter.ts walkScope); all by default. */
  walkScope?: SQL;
  /**
   * The same condition in the form for reading all matches at once (bookings.filter.ts
   * MatchReading `all`), for `matchesFirst` and `sortedMatches`; the page's condition by default.
   */
  allMatchesWhere?: SQL;
}

/** PageOptions `fullSortFrom` of the list. */
const FULL_SORT_OFFSET = 5_000;
/**
 * PageOptions `walkBudget` of the list: 10,000 bookings tested in ~8 ms at a million. Enough for
 * the first page of any search with more than SEARCH_SORTED_MATCHES_LIMIT matches spread evenly
 * (one in a hundred bookings: ~5,000 walked), and a small price before the sort when they lie
 * elsewhere. Measured against 20,000 and 5,000 on five pages (docs/performance.md, change 57):
 * 20,000 filled none that 10,000 left to the sort and cost 7–9 ms more where the walk failed; 5,000
 * left page 5 of an evenly spread search (27,741 matches) to the sort, 5 → 65 ms.
 */
export const SEARCH_WALK_BUDGET = 10_000;
/**
 * PageOptions `walkBudget` of one creditor's list, walked in an index led by the creditor: its
 * bookings lie apart in the table, so each one walked is a page read, 10,000 in 25–50 ms; and the sort
 * it falls back to is bounded by the creditor's bookings (21–36 ms for the largest, 74,449). Measured
 * on both fills (docs/performance.md, change 57): at 10,000 a failed walk and the sort took 50–82 ms,
 * at 2,500 31–46 ms, while pages 1 and 20 of evenly spread searches were still found by the walk (1–6
 * ms) but one (page 20 of 18,621 matches: 30–44 ms).
 */
export const CREDITOR_SEARCH_WALK_BUDGET = 2_500;

export async function selectBookingPage(
  db: Db,
  where: SQL,
  sort: BookingSort,
  limit: number,
  offset: number,
  plan: PagePlan = 'direct',
  { total, ...options }: PageOptions = {},
): Promise<BookingPageRow[]> {
  // Past the last match there is nothing to read (a search without matches: the whole table would be
  // tested again for none). With totals from the cache, the caller confirms them by the data version.
  if (total !== undefined && offset >= total) return [];
  if (total === undefined || !PLANS_READ_FROM_THE_END.includes(plan) || total - offset - limit >= offset)
    return readPage(db, plan, pageQuery(where, sort, limit, offset, options));
  const fromTheEnd = await readPage(
    db,
    plan,
    pageQuery(
      where,
      sort.reversed(),
      Math.min(limit, total - offset),
      Math.max(0, total - offset - limit),
      options,
    ),
  );
  return fromTheEnd.reverse();
}

function pageQuery(
  where: SQL,
  sort: BookingSort,
  limit: number,
  offset: number,
  {
    matchesInIdOrder = false,
    fullSortFrom = FULL_SORT_OFFSET,
    wholeCreditor,
    walkBudget = SEARCH_WALK_BUDGET,
    walkScope = sql`true`,
    allMatchesWhere = where,
  }: Omit<PageOptions, 'total'>,
): PageQuery {
  return {
    where,
    sort,
    limit,
    offset,
    matchesInIdOrder,
    fullSortFrom,
    wholeCreditor,
    walkBudget,
    walkScope,
    allMatchesWhere,
  };
}

/** One page's read: what every plan's statement is built from. */
interface PageQuery {
  where: SQL;
  sort: BookingSort;
  limit: number;
  offset: number;
  matchesInIdOrder: boolean;
  fullSortFrom: number;
  wholeCreditor: WholeCreditorList | undefined;
  walkBudget: number;
  walkScope: SQL;
  allMatchesWhere: SQL;
}

async function readPage(db: Db, plan: PagePlan, query: PageQuery): Promise<BookingPageRow[]> {
  if (plan !== 'walkThenSort') return readStatement(db, plan, query);
  const walked = await readStatement(db, 'boundedWalk', query);
  return walked.length === query.limit ? walked : readStatement(db, 'sortedMatches', query);
}

/** The statements of the plans; `walkThenSort` sends `boundedWalk`, then perhaps `sortedMatches`. */
type PageStatement = Exclude<PagePlan, 'walkThenSort'> | 'boundedWalk';

async function readStatement(db: Db, plan: PageStatement, query: PageQuery): Promise<BookingPageRow[]> {
  const statement = PAGE_STATEMENTS[plan](query);
  // A first page by name (decision 0035): its shape is parsed once per connection, and planned for
  // its values on every run (decision 0036). Deeper pages stay unnamed: named while PostgreSQL still
  // planned them once for every offset, they were slower (the supplier's pages of every filter in
  // every order, median 5.9 → 9.6 ms), and naming them has not been measured since.
  if (plan !== 'walkedIds')
    return query.offset === 0
      ? executePrepared<PageRow>(db, statement)
      : (await db.execute<PageRow>(statement)).rows;
  return db.transaction(async (tx) => {
    await tx.execute(WALK_ONLY);
    return (await tx.execute<PageRow>(statement)).rows;
  });
}

type PageRow = BookingPageRow & Record<string, unknown>;

/**
 * `walkedIds`: the transaction's statements are planned without sorts and bitmap scans, the
 * alternatives to walking an order's index (set_config's `true`: for this transaction only). Up to
 * PostgreSQL 17 a switched-off node adds 10^10 to the plan's cost, far past jit_above_cost, so the
 * walk would be JIT-compiled wherever JIT is available (Debian's PostgreSQL 15: 88–138 ms instead of
 * 7–34 ms); the app's connections run without JIT (db/connection.ts), and so does this transaction on
 * a connection that a pooler hands out without that setting.
 */
const WALK_ONLY = sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true),
  set_config('jit', 'off', true)`;

/** Each plan's statement (PagePlan describes them). */
const PAGE_STATEMENTS: Record<PageStatement, (query: PageQuery) => SQL> = {
  direct: ({ where, sort, limit, offset }) =>
    formattedAfter(
      sort,
      sql`select t.* from transactions t where ${where} order by ${sort.orderBy} limit ${limit} offset ${offset}`,
    ),
  matchesFirst: ({ allMatchesWhere, sort, limit, offset }) =>
    formattedAfter(
      sort,
      sql`select t.* from transactions t
        where t.id = any(array(select t.id from transactions t where ${allMatchesWhere}))
        order by ${sort.orderBy} limit ${limit} offset ${offset}`,
    ),
  idsFirst: (query) =>
    sql`with p as materialized (${pageIds(query)})
      select ${pageColumns()} from p join transactions t on t.id = p.id order by ${query.sort.orderBy}`,
  // The rows are put in the page's order by their place in it: with sorts switched off, PostgreSQL
  // would rather walk the whole order index than sort the page's 50 rows by the list's order. The
  // page's ids are numbered in the order the limit passes them on.
  walkedIds: (query) =>
    sql`with p as materialized (select id, row_number() over () as n from (${pageIds(query)}) page)
      select ${pageColumns()} from p join transactions t on t.id = p.id order by p.n`,
  sortedMatches: (query) => rowsOfIds(query.sort, sortedIds(query)),
  // The list's condition is computed for each booking walked rather than applied below the budget's
  // limit: applied there, the limit would count matches, not the bookings passed. The sort column is
  // passed up as it is (not as `sort.select` converts it), so that the walk's order is known to be the
  // page's and the walk stops at the page's last match instead of being sorted whole.
  boundedWalk: ({ where, sort, limit, offset, walkBudget, walkScope }) =>
    rowsOfIds(
      sort,
      sql`select t.id from (select t.id, ${sort.column}, (${where}) as matches from transactions t
          where ${walkScope} order by ${sort.orderBy} limit ${walkBudget}) t
        where t.matches order by ${sort.orderBy} limit ${limit} offset ${offset}`,
    ),
  groupedMatches: (query) => {
    const { where, sort, limit } = query;
    return sql`${spannedValues(query, countedMatches(query))}
      ${formattedAfter(
        sort,
        sql`select t.* from transactions t
          where ${where} and ${sort.column} = any(array(select value from spanned))
          order by ${sort.orderBy} limit ${limit}
          offset (select ${query.offset} - coalesce(min(before), 0) from spanned)`,
      )}`;
  },
  groupsInIdOrder: (query) => rowsOfIds(query.sort, idsOfSpannedGroups(query, groupsOfMatches(query))),
  totalGroups: (query) => rowsOfIds(query.sort, idsOfSpannedGroups(query, totalGroups(query))),
};

/** `idsFirst` and `walkedIds`: the page's ids, in the list's order. */
const pageIds = ({ where, sort, limit, offset }: PageQuery) =>
  sql`select t.id from transactions t where ${where} order by ${sort.orderBy} limit ${limit} offset ${offset}`;

/**
 * A page read whole rows and sorted or walked up to its limit, formatted afterwards: the select
 * list's formatting (two timestamps through to_char) would otherwise run on every row the sort takes
 * in or the walk skips (the 440 matches of a debitor filter: 2.9 → 1.8 ms).
 */
const formattedAfter = (sort: BookingSort, page: SQL) =>
  sql`select ${pageColumns()} from (${page}) t order by ${sort.orderBy}`;

/** The page's rows, its ids found first (as an array: read through the primary key). */
const rowsOfIds = (sort: BookingSort, ids: SQL) =>
  sql`select ${pageColumns()} from transactions t where t.id = any(array(${ids})) order by ${sort.orderBy}`;

/** `sortedMatches`: the page's ids, sorted out of the matches' sort column. */
function sortedIds({ allMatchesWhere, sort, limit, offset, matchesInIdOrder, fullSortFrom }: PageQuery): SQL {
  const idOrder = matchesInIdOrder ? sql`order by t.id ${sort.direction}` : sql``;
  const matches = sql`(select ${sort.select} from transactions t where ${allMatchesWhere} ${idOrder} offset 0) t`;
  // A materialized CTE keeps the page's bound from reaching the sort (fullSortFrom); its scan
  // returns the sorted run in order.
  return matchesInIdOrder && sort.followsIds && offset >= fullSortFrom
    ? sql`with sorted as materialized (select t.id from ${matches} order by ${sort.orderBy})
        select id from sorted limit ${limit} offset ${offset}`
    : sql`select t.id from ${matches} order by ${sort.orderBy} limit ${limit} offset ${offset}`;
}

/** The matches counted per value of the sort column (`groupedMatches`, `groupsInIdOrder`). */
const countedMatches = ({ where, sort }: PageQuery) =>
  sql`select ${sort.column} as value, count(*) as n from transactions t where ${where} group by 1`;

/**
 * The values of the sort column (`counted`: value and number of matches, in any order) put in the
 * list's order, and those the page spans (`spanned`), each with its number of matches (`n`), how many
 * matches sort before its first one (`before`), and how many of its own the page skips (`skip`) and
 * takes (`take`).
 */
const spannedValues = ({ sort, limit, offset }: PageQuery, counted: SQL) =>
  sql`with counted as (${counted}),
    placed as (select value, n,
      sum(n) over (order by value ${sort.direction}${sort.nulls} rows unbounded preceding) - n as before
      from counted where n > 0),
    spanned as (select value, n, before, greatest(0, ${offset} - before) as skip,
        least(n, ${offset + limit} - before) - greatest(0, ${offset} - before) as take
      from placed where before < ${offset + limit} and before + n > ${offset})`;

/** The groups `idsOfSpannedGroups` finds a page in. */
interface Groups {
  /** Every group's value and number of matches (`value`, `n`), in any order. */
  counted: SQL;
  /** A booking of the group `s.value` (besides the list's condition). */
  inGroup: SQL;
  /** The order a group's bookings are walked in, given the list's or its reverse. */
  walkOrder: (sort: BookingSort) => SQL;
}

/**
 * `groupsInIdOrder`: the matches counted per value; within one value the list's order is the id's.
 * In the export date's group of bookings not yet exported the value is null, which `=` never matches.
 */
const groupsOfMatches = (query: PageQuery): Groups => ({
  counted: countedMatches(query),
  inGroup: sql`${query.sort.column} is not distinct from s.value`,
  walkOrder: (sort) => sql`t.id ${sort.direction}`,
});

/** The exported bookings per creditor and month, summed over their export batches (migration 0032). */
const EXPORTED_PER_MONTH = sql`select creditor_number, month, sum(bookings) as bookings
  from booking_exported_month_totals group by 1, 2`;

/**
 * The bookings per creditor and month (`creditor_number`, `month`, `n`) of one export status or of
 * both, as the month totals count them: their bookings and empty reports together are every booking;
 * the exported month totals (migration 0032) count the exported ones, empty reports included, so the
 * not exported ones are the difference. Kept by the write statements' triggers in their own
 * transactions, so of the same snapshot as the statement that reads them.
 */
const MONTH_COUNTS: Record<ExportStatus | 'all', SQL> = {
  all: sql`select creditor_number, month, bookings + empty_reports as n from booking_month_totals`,
  exported: sql`select creditor_number, month, bookings as n from (${EXPORTED_PER_MONTH}) x`,
  notExported: sql`select m.creditor_number, m.month, m.bookings + m.empty_reports - coalesce(x.bookings, 0) as n
    from booking_month_totals m
    left join (${EXPORTED_PER_MONTH}) x on x.creditor_number = m.creditor_number and x.month = m.month`,
};

/**
 * `totalGroups`: the groups of the list's order as the derived totals count them, of the creditors
 * `creditor` selects (alias m: every creditor's, or one's) and the bookings `months` counts (one of
 * MONTH_COUNTS). The debitor totals count the empty reports among the bookings, of both export
 * states only. A name is the one on the bookings (renamed in the renaming transaction, migration
 * 0011), so a name's group is the bookings with that name, whichever records share it.
 */
/** A grouped order's groups, of the creditors `creditor` selects and the bookings `months` counts. */
type TotalsGroupsOf = (creditor: SQL, months: SQL) => Omit<Groups, 'walkOrder'>;

const TOTALS_GROUPS: Record<TotalsGroupedSortKey, TotalsGroupsOf> = {
  creditor_number: (creditor, months) => ({
    counted: sql`select creditor_number as value, sum(n) as n from (${months}) m where ${creditor} group by 1`,
    inGroup: sql`t.creditor_number = s.value`,
  }),
  creditor_name: (creditor, months) => ({
    counted: sql`select c.name as value, sum(m.n) as n
      from (${months}) m join creditors c on c.number = m.creditor_number where ${creditor} group by 1`,
    inGroup: sql`t.creditor_name = s.value`,
  }),
  invoice_date: (creditor, months) => ({
    counted: sql`select month as value, sum(n) as n from (${months}) m where ${creditor} group by 1`,
    inGroup: sql`t.invoice_date >= s.value and t.invoice_date < (s.value + interval '1 month')::date`,
  }),
  debitor_number: (creditor) => ({
    counted: sql`select debitor_number as value, sum(bookings) as n
      from booking_debitor_totals m where ${creditor} group by 1`,
    inGroup: sql`t.debitor_number = s.value`,
  }),
  debitor_name: (creditor) => ({
    counted: sql`select d.name as value, sum(m.bookings) as n
      from booking_debitor_totals m join debitors d on d.number = m.debitor_number where ${creditor} group by 1`,
    inGroup: sql`t.debitor_name = s.value`,
  }),
};

function totalGroups({ sort, wholeCreditor }: PageQuery): Groups {
  const groups = (TOTALS_GROUPS as Partial<Record<SortKey, TotalsGroupsOf>>)[sort.key];
  // The debitor totals count both export states together.
  const ofBothStates = (DEBITOR_TOTALS_GROUPED_SORT_KEYS as readonly SortKey[]).includes(sort.key);
  if (!groups || wholeCreditor === undefined || (ofBothStates && wholeCreditor.exportStatus !== null))
    throw new Error(`no totals count the groups of this list by ${sort.key}`);
  const { creditorNumber, exportStatus } = wholeCreditor;
  const creditor = creditorNumber === null ? sql`true` : sql`m.creditor_number = ${creditorNumber}`;
  // A group's bookings are a range of the order's index: walked in the list's order.
  return { ...groups(creditor, MONTH_COUNTS[exportStatus ?? 'all']), walkOrder: (order) => order.orderBy };
}

/**
 * `groupsInIdOrder` and `totalGroups`: the page's ids, walked within each group the page spans,
 * from the end of the group nearer to the page. One of the two walks runs per group; PostgreSQL skips
 * the other on its one-time filter.
 */
function idsOfSpannedGroups(query: PageQuery, { counted, inGroup, walkOrder }: Groups): SQL {
  const { where, sort } = query;
  return sql`${spannedValues(query, counted)}
    select g.id from spanned s cross join lateral (
      (select t.id from transactions t
        where s.skip * 2 <= s.n and ${where} and ${inGroup}
        order by ${walkOrder(sort)} offset s.skip limit s.take)
      union all
      (select t.id from transactions t
        where s.skip * 2 > s.n and ${where} and ${inGroup}
        order by ${walkOrder(sort.reversed())} offset s.n - s.skip - s.take limit s.take)) g`;
}

/**
 * Every match's id in the list's order, with the data version of the same snapshot
 * (bookings.match-ids-cache.ts). One text instead of a row per match: 250,450 ids arrive as 2 MB,
 * split in a few ms.
 */
export async function selectOrderedMatchIds(db: DbOrTx, where: SQL, sort: BookingSort): Promise<MatchIds> {
  const { rows } = await db.execute<{ ids: string; version: string }>(
    sql`select coalesce(string_agg(t.id::text, ',' order by ${sort.orderBy}), '') as ids,
      ${DATA_VERSION} as version from transactions t where ${where}`,
  );
  const { ids, version } = rows[0]!;
  return { ids: ids === '' ? new Int32Array(0) : Int32Array.from(ids.split(','), Number), version };
}

/**
 * The rows of a page whose ids are known, in the list's order, with the data version (BookingPageRow).
 * The list's condition is applied again: ids kept for one list never show a booking outside it.
 */
export async function selectPageOfIds(
  db: Db,
  where: SQL,
  ids: readonly number[],
  sort: BookingSort,
): Promise<BookingPageRow[]> {
  const { rows } = await db.execute<PageRow>(
    sql`select ${pageColumns()} from transactions t where t.id = any(${sql.param(ids)}::int[]) and ${where}
      order by ${sort.orderBy}`,
  );
  return rows;
}
