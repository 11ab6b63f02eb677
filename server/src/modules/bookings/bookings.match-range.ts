// Where a search's matches lie (decision 0042): the range its count reads besides the totals, and
// the walk of a page confined to it (bookings.page-plan.ts, bookings.list-sql.ts walkThenSort).
import { sql, type SQL } from 'drizzle-orm';
import type { Sorting, SortKey } from '@lp/domain/booking-list-query';
import { SORT_COLUMNS, type FixingColumn } from './bookings.filter';

/**
 * Sort keys in whose order a search's count also reads the range of its matches (decision 0042):
 * those of SEARCH_GATHERING_SORT_KEYS whose column is never null and cheap to compare, where a
 * search's matches often lie together in one stretch of the order (the invoice numbers of one
 * period). The walk of the `walkThenSort` page plan then starts at the stretch instead of passing
 * every booking before it. Not the export date, whose nulls a range would leave out; not the
 * creditor's name or the creator, whose stretches are one creditor's, rarer for a search in texts.
 */
export const MATCH_RANGE_SORT_KEYS = [
  'creation_date',
  'invoice_date',
  'invoice_number',
  'creditor_number',
] as const;
export type MatchRangeSortKey = (typeof MATCH_RANGE_SORT_KEYS)[number];

/**
 * Where a search's matches lie: the lowest and highest of their ids and, if its count was read in
 * such an order, of one order's column (`key`), as PostgreSQL's text. The ids because bookings
 * uploaded in one file share their creation date: the column's range alone then starts a
 * newest-first walk at the top of a whole file (100,000 bookings in the bench's), the ids' range at
 * the last match; and because the ids grow with time, their range narrows the walk of every order,
 * which the indexes check without reading the table (each ends with the id).
 */
export interface MatchRange {
  minId: number;
  maxId: number;
  /** How many ids all bookings span (max − min + 1), for the share of them the matches' range is. */
  allIds: number;
  column?: { key: MatchRangeSortKey; min: string; max: string };
}

/**
 * The order whose range a count reads besides the ids': the list's own, if it has one. Only that
 * order's: each pair of aggregates costs the count of a search matching 250,000 bookings up to 10–15
 * ms (docs/performance.md, change 59), so that four orders' would cost every first request of a broad
 * search a quarter more.
 */
export function matchRangeKey(sorting: Sorting & { fixedBy?: FixingColumn }): MatchRangeSortKey | undefined {
  if (sorting.fixedBy) return undefined;
  return (MATCH_RANGE_SORT_KEYS as readonly SortKey[]).includes(sorting.key)
    ? (sorting.key as MatchRangeSortKey)
    : undefined;
}

/** The aggregates a count reads the range with, the ids' and `key`'s (readMatchRange reads them back). */
export function matchRangeAggregates(key: MatchRangeSortKey | undefined): SQL {
  // All bookings' ids from the primary key's two ends: two index look-ups.
  const ids = sql`min(t.id) as "rangeMinId", max(t.id) as "rangeMaxId",
    (select max(id) - min(id) + 1 from transactions) as "rangeAllIds"`;
  if (!key) return ids;
  const column = SORT_COLUMNS[key];
  return sql`${ids}, min(${column})::text as "rangeMin", max(${column})::text as "rangeMax"`;
}

/** The range in a row with matchRangeAggregates' columns; none without matches. */
export function readMatchRange(
  row: {
    rangeMin?: unknown;
    rangeMax?: unknown;
    rangeMinId?: unknown;
    rangeMaxId?: unknown;
    rangeAllIds?: unknown;
  },
  key: MatchRangeSortKey | undefined,
): MatchRange | undefined {
  const { rangeMin: min, rangeMax: max, rangeMinId: minId, rangeMaxId: maxId, rangeAllIds: allIds } = row;
  if (minId === null || minId === undefined || maxId === null || maxId === undefined) return undefined;
  const range: MatchRange = { minId: Number(minId), maxId: Number(maxId), allIds: Number(allIds) };
  return key && typeof min === 'string' && typeof max === 'string'
    ? { ...range, column: { key, min, max } }
    : range;
}

/** Whether the range holds the matches' range of the order's own column. */
export function rangeOfOrder(
  range: MatchRange,
  sorting: Sorting & { fixedBy?: FixingColumn },
): range is MatchRange & Required<Pick<MatchRange, 'column'>> {
  return range.column !== undefined && range.column.key === matchRangeKey(sorting);
}

/**
 * walkScope narrowed to where the matches lie, where their totals know it: to their ids' range in
 * every order, and to their range of the order's column where the count read it. Every match lies in
 * it, so the walk passes no booking before the first one. Exact while the data is that of the totals,
 * which the page's statement confirms by the data version (bookings.totals-cache.ts); a range, not a
 * bound, so that a page read from the end uses it too.
 */
export function walkScopeInRange(
  scope: SQL,
  sorting: Sorting & { fixedBy?: FixingColumn },
  range: MatchRange | undefined,
): SQL {
  if (!range) return scope;
  const ids = sql`${scope} and t.id between ${range.minId} and ${range.maxId}`;
  if (!rangeOfOrder(range, sorting)) return ids;
  const column = SORT_COLUMNS[range.column.key];
  return sql`${ids} and ${column} between ${range.column.min} and ${range.column.max}`;
}
