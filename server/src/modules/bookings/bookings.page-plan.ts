// How a page of the bookings list is read (bookings.list-sql.ts PagePlan): chosen from the list's
// shape, its number of matches, the offset and the order. Every plan answers the same rows; the
// choice is only about speed, measured at a million bookings (docs/performance.md).
import type { Sorting, SortKey } from '@lp/domain/booking-list-query';
import { PAGE_SIZE } from '@lp/domain/limits';
import type { BookingScope } from '@lp/domain/policies';
import {
  CREDITOR_LED_SORT_KEYS,
  exportStatusOf,
  FILTER_CARRYING_SORT_KEYS,
  fixedSortKeys,
  FEW_VALUE_SORT_KEYS,
  INVOICE_DATE_FOLLOWING_SORT_KEYS,
  DEBITOR_TOTALS_GROUPED_SORT_KEYS,
  MONTH_TOTALS_GROUPED_SORT_KEYS,
  onlyIndexChecked,
  onlyIndexedEqualities,
  REPEATING_SORT_KEYS,
  SEARCH_GATHERING_SORT_KEYS,
  searchRestricts,
  wholeCreditorFilter,
  type BookingFilter,
  type FixingColumn,
  type WholeCreditorList,
} from './bookings.filter';
import { rangeOfOrder, type MatchRange } from './bookings.match-range';
import { CREDITOR_SEARCH_WALK_BUDGET, SEARCH_WALK_BUDGET, type PagePlan } from './bookings.list-sql';
import type { SearchMatches } from './bookings.search';

/**
 * Up to this many matches, their ids are collected before the page is sorted out of them (admins and
 * suppliers alike). Measured (docs/performance.md): a rare term 183 ms → 18 ms over a million
 * bookings, 490 ms → 17 ms among a supplier's 74,000; a few thousand matches are as fast read in
 * index order.
 */
export const MATCHES_FIRST_LIMIT = 1_000;
/** From this offset on, the page's ids are found before its rows are read. */
const IDS_FIRST_OFFSET = 1_000;
/**
 * Up to this many matches of an invoice-date range, a list in an order that follows the invoice
 * dates is sorted out of the matches' sort column: 82,000 of them in 40–67 ms, where walking the
 * creation-date index passed every newer booking first (200–460 ms, docs/performance.md).
 */
const SORTED_MATCHES_LIMIT = 100_000;
/**
 * From this many matches away from both ends, such a range sorted by export date is read grouped
 * (`groupsInIdOrder`): its matches counted per export date (one value per export run, and null for
 * those not exported), then only the groups the page spans walked in id order. The middle pages of a
 * 90-day range (82,000 matches, all exported in four runs, or none exported) took 37–90 ms sorted and
 * 21–44 ms so, from offset 9,950 on from either end within 1 ms of the sort or faster. Nearer an end
 * the sort's bound is small: faster in one direction (page 1 12–13 against 19 ms), slower in the other
 * (28 against 21–26 ms), as the nulls and the ids lie; the plan cannot tell which (docs/performance.md,
 * change 53).
 */
export const RANGE_GROUPED_OFFSET = 10_000;
/**
 * From this offset on (page 101), one creditor's list in an order of repeating values is read by
 * counting its bookings per value (`groupedMatches`, 42–63 ms at any depth; the debitor name and the
 * location from EARLY_GROUPED_MATCHES_OFFSET), in an order of few values likewise (`groupsInIdOrder`);
 * before it, the bounded sort of `sortedMatches` is faster (31 ms on the first page, ~53 ms at offset
 * 5,000).
 */
export const GROUPED_MATCHES_OFFSET = 5_000;
/**
 * From this offset on (page 31), one creditor's list by debitor name or location is already read by
 * `groupedMatches`: a bounded sort compares its texts by the ICU collation, and the cost of that grows
 * with the bound, while counting per value does not. Measured per statement (15 runs each): the
 * largest creditor (74,449 bookings) at offsets 1,500–4,950, debitor name 42–53 → 33–46 ms and
 * location 28–42 → 24–27 ms; a creditor of 22,889 bookings crosses over between offsets 1,000 and
 * 1,500. Not the debitor number, whose integers sort faster than they are counted. (Nor was the
 * article name: its grouped read of the largest creditor took 79–81 ms at offset 3,000; since
 * migration 0025 one creditor's list by article name walks an index led by the creditor.)
 */
export const EARLY_GROUPED_MATCHES_OFFSET = 1_500;
const EARLY_GROUPED_SORT_KEYS: readonly SortKey[] = ['debitor_name', 'location'];

/** The offset from which one creditor's list in this order is read grouped by value. */
function groupedFrom(key: SortKey): number {
  return EARLY_GROUPED_SORT_KEYS.includes(key) ? EARLY_GROUPED_MATCHES_OFFSET : GROUPED_MATCHES_OFFSET;
}

/**
 * Up to this many matches of a search over every creditor's bookings, the page is sorted out of the
 * matches' sort column, read through the search's bitmap: walking the sort index instead tests the
 * search (ILIKE on two texts) on every booking it passes, ~9,000 for the first page of 5,548 matches
 * in a million (27 ms against 7.6 ms in EXPLAIN ANALYZE). Around 10,000 matches both cost alike.
 */
const SEARCH_SORTED_MATCHES_LIMIT = 10_000;
/**
 * Up to this many matches of a search over every creditor's bookings, a page from offset
 * IDS_FIRST_OFFSET on is sorted out of them: 65–80 ms for 87,696 at any depth at a million. Walking the
 * order's index costs what it passes before the page, which is little where the matches spread evenly
 * (5–75 ms) and most of the index where they lie together at its other end: pages 21–100 of an
 * invoice-number prefix of the oldest bookings took 250–290 ms (docs/performance.md, change 57).
 * With more matches the sort grows past what the walk costs (250,450: page 2000 254 against 154 ms).
 */
const SEARCH_DEEP_SORTED_MATCHES_LIMIT = 100_000;
/**
 * Up to this many matches of equalities alone over every creditor's bookings (an article, a debitor),
 * the page is sorted out of the matches' sort column. PostgreSQL's own plan walks the order's index
 * where it estimates the page's matches to come soon, and checks each booking it passes in the table:
 * the first page of an article of 1,643 bookings by net, descending, passed 32,302 others (76–131 ms;
 * docs/performance.md change 48). Sorted, two articles of 1,643 and 4,033 took 13 ms at most in any
 * order. The bound is the search's (SEARCH_SORTED_MATCHES_LIMIT), not measured for equalities.
 */
const EQUALITY_SORTED_MATCHES_LIMIT = 10_000;
/**
 * From this many matches on, a deep page (IDS_FIRST_OFFSET) of every creditor's bookings of an
 * article or an invoice-date range (fields the order's index checks) is read by walking that index
 * (`walkedIds`). Walked from the nearer end, a middle page passes about half the index (40–73 ms at a
 * million), while PostgreSQL's own plan, a bitmap scan and a sort of all matches, grows with them:
 * on the million uploaded through the API, the middle pages of the most common article (57,804) took
 * 49–155 ms read so and 40–73 ms walked, of a 90-day range (81,180) 36–114 against 40–55 ms, of a
 * 55-day range (50,121) alike (43–78 against 39–60 ms). With fewer matches the sort is faster: 24,000
 * of an article 20–93 against 48–162 ms, of a range 16–23 against 41–55 ms (docs/performance.md,
 * change 41; decision 0030).
 */
const WALKED_MATCHES_FROM = 50_000;

export interface ListShape {
  /** Only one creditor's bookings can match (a supplier, or the creditor filter). */
  oneCreditor: boolean;
  /** The filter restricts the invoice date. */
  invoiceDateRange: boolean;
  /** A search restricts the list (bookings.filter.ts searchRestricts). */
  search: boolean;
  /**
   * The search matches the bookings' own texts alone (the invoice number, the additional
   * information): no master data's name and no delivery location, whose matches lie together in the
   * orders of their names, and no amount or date the term names (whose matches lie together too).
   */
  searchInTextsOnly: boolean;
  /**
   * Nothing restricts the list but equalities PostgreSQL estimates well (bookings.filter.ts
   * onlyIndexedEqualities): the creditor, the debitor, the article.
   */
  indexedEqualitiesOnly: boolean;
  /**
   * Nothing restricts the list but fields every creditor's order indexes carry (bookings.filter.ts
   * onlyIndexChecked): the invoice dates, the export status, the article.
   */
  indexCheckedOnly: boolean;
  /** The filter restricts the export status (one of exportedOnly and notExportedOnly). */
  exportStatus: boolean;
  /**
   * The filter names an export batch: no order index carries it, and its bookings lie together in
   * the orders of when they were made, as the matches of a search may (unindexedMatches).
   */
  exportBatch: boolean;
  /**
   * When nothing restricts the list but the creditor and the export status (bookings.filter.ts
   * wholeCreditorFilter), whose bookings it is: one creditor's or every creditor's, all of them or
   * those of one export status. The derived totals count such a list and its groups. Undefined
   * otherwise.
   */
  wholeCreditor: WholeCreditorList | undefined;
  /** Sort keys with one value on every match, and the equality fixing it (bookings.filter.ts fixedSortKeys). */
  fixedKeys: Partial<Record<SortKey, FixingColumn>>;
}

export function listShape(filter: BookingFilter, scope: BookingScope, search?: SearchMatches): ListShape {
  const restricts = searchRestricts(filter, scope, search);
  return {
    oneCreditor: !scope.allCreditors || !!filter.creditor,
    invoiceDateRange: !!(filter.invoiceDateFrom || filter.invoiceDateUntil),
    search: restricts,
    searchInTextsOnly:
      restricts &&
      search.debitors.length === 0 &&
      search.articles.length === 0 &&
      search.creditors.length === 0 &&
      search.locations?.length === 0 &&
      search.net === null &&
      search.invoiceDate === null,
    indexedEqualitiesOnly: onlyIndexedEqualities(filter, scope, search),
    indexCheckedOnly: onlyIndexChecked(filter, scope, search),
    exportStatus: exportStatusOf(filter) !== null,
    exportBatch: !!filter.exportBatch,
    wholeCreditor: wholeCreditorFilter(filter, scope, search),
    fixedKeys: fixedSortKeys(filter, scope),
  };
}

/**
 * The order a page is read in: the list's; where an equality of the filter fixes the sort column's
 * value (`fixedBy`), by that equality's column and the id, the same order.
 */
export interface ListOrder extends Sorting {
  fixedBy?: FixingColumn;
}

/**
 * One creditor has at most about 75,000 bookings at this size (docs/performance.md), so sorting them
 * is bounded.
 */
export function pagePlan(total: number, offset: number, sorting: ListOrder, list: ListShape): PagePlan {
  const sortedBy = (keys: readonly SortKey[]) => keys.includes(sorting.key);
  // Few matches of equalities alone: PostgreSQL reads them through the column's index and sorts the
  // page out of them by itself; collecting their ids first only added a second pass through the
  // primary key (admin's debitor filter, 440 matches: 1.5–2.2 → 1.1–1.6 ms).
  if (total <= MATCHES_FIRST_LIMIT) return list.indexedEqualitiesOnly ? 'direct' : 'matchesFirst';
  // By the fixing equality's column and the id: the equality's index ends with the id (or carries it)
  // and carries the columns other filters check (migrations 0017, 0029, 0030). PostgreSQL reads the
  // first pages of the equalities alone there by itself; the ids of a deep page, or of a list that
  // anything else restricts, are found in the index alone (a supplier's exported bookings by creditor
  // name, descending, page 1: 130 ms when read by the id alone, PostgreSQL walking the primary key and
  // checking each booking in the table; 1.4-15 ms so with any filter, docs/performance.md change 37).
  if (sorting.fixedBy) return list.indexedEqualitiesOnly && offset < IDS_FIRST_OFFSET ? 'direct' : 'idsFirst';
  if (list.indexedEqualitiesOnly && !list.oneCreditor && total <= EQUALITY_SORTED_MATCHES_LIMIT)
    return 'sortedMatches';
  // One creditor's bookings of one export status in an order of an index led by the creditor: the
  // index carries the export date (migration 0031), so the page's ids are found there at every
  // offset. Reading whole rows checked the status in the table, half the creditor's bookings before
  // the first match (page 1 by creation date, oldest first: 196 ms; now 1.2-9.1 ms).
  if (list.oneCreditor && list.exportStatus && !list.invoiceDateRange && sortedBy(CREDITOR_LED_SORT_KEYS))
    return 'idsFirst';
  // One creditor's search in such an order: walked for within a budget like every creditor's (below),
  // in the index led by the creditor; deeper, sorted out of the creditor's covering index
  // (transactions_creditor_list_idx), bounded by the creditor's bookings. PostgreSQL's own plans
  // walked the order's index reading each booking passed: pages 1 and 20 of an invoice-number prefix
  // of the creditor's oldest bookings (22,252 matches) took 154–167 and 127–160 ms, sorted 23–33 ms.
  const unindexed = unindexedMatches(list);
  if (list.oneCreditor && unindexed && sortedBy(CREDITOR_LED_SORT_KEYS))
    return offset < IDS_FIRST_OFFSET ? 'walkThenSort' : 'sortedMatches';
  // Groups counted in advance: the month totals count them of either export status too (with the
  // exported month totals, migration 0032), the debitor totals only of all the bookings.
  const groupedByMonth = list.wholeCreditor !== undefined && sortedBy(MONTH_TOTALS_GROUPED_SORT_KEYS);
  const groupedByDebitor =
    list.wholeCreditor?.exportStatus === null && sortedBy(DEBITOR_TOTALS_GROUPED_SORT_KEYS);
  if (list.oneCreditor && !sortedBy(CREDITOR_LED_SORT_KEYS)) {
    // At every depth: no sort, no count of the creditor's bookings.
    if (groupedByDebitor) return 'totalGroups';
    if (offset < groupedFrom(sorting.key)) return 'sortedMatches';
    if (sortedBy(REPEATING_SORT_KEYS)) return 'groupedMatches';
    return sortedBy(FEW_VALUE_SORT_KEYS) ? 'groupsInIdOrder' : 'sortedMatches';
  }
  if (list.invoiceDateRange && total <= SORTED_MATCHES_LIMIT && sortedBy(INVOICE_DATE_FOLLOWING_SORT_KEYS)) {
    const fromNearerEnd = Math.min(offset, total - offset);
    return sortedBy(FEW_VALUE_SORT_KEYS) && fromNearerEnd >= RANGE_GROUPED_OFFSET
      ? 'groupsInIdOrder'
      : 'sortedMatches';
  }
  if (unindexed && !list.oneCreditor && total <= SEARCH_SORTED_MATCHES_LIMIT) return 'sortedMatches';
  // More matches: their first pages are walked for in the order's index, but only so far
  // (bookings.list-sql.ts SEARCH_WALK_BUDGET), since the matches may lie together far from its start;
  // in the orders where they do, deeper pages are sorted out of them while that is bounded. An export
  // batch's bookings are those not exported when it ran: walking the creation-date index from the
  // newest to the first page of an older batch of 75,212 passed 412,009 others (346 ms), sorting them
  // takes about 85 ms (docs/performance.md, change 64).
  if (unindexed && !list.oneCreditor && offset < IDS_FIRST_OFFSET) return 'walkThenSort';
  if (
    unindexed &&
    !list.oneCreditor &&
    total <= SEARCH_DEEP_SORTED_MATCHES_LIMIT &&
    sortedBy(SEARCH_GATHERING_SORT_KEYS)
  )
    return 'sortedMatches';
  // Every creditor's bookings by creditor or invoice date, a deep page of all of them or any page of
  // one export status: its groups are found in the month totals and only theirs walked. Walking the
  // order's index instead passed half the list on a middle page (exportedOnly by creditor number,
  // page 4,994 of 9,988: 96-163 ms through the creditors' wide covering index), and on the first page
  // of one status every booking of the other that sorts before it (notExportedOnly oldest first,
  // past the exported months: 48 ms; change 40).
  if (!list.oneCreditor && groupedByMonth && (list.exportStatus || offset >= IDS_FIRST_OFFSET))
    return 'totalGroups';
  // A deep page of a large filter on the article or the invoice dates (the order's index checks
  // them): walked there, PostgreSQL's sort of all its matches kept out of the plan. Not an invoice-date
  // range in an order that follows the invoice dates: its matches lie together far into the index,
  // not spread over it. (Lists of a whole export status are walked by PostgreSQL's own choice.)
  if (
    list.indexCheckedOnly &&
    list.wholeCreditor === undefined &&
    !list.oneCreditor &&
    offset >= IDS_FIRST_OFFSET &&
    total >= WALKED_MATCHES_FROM &&
    sortedBy(FILTER_CARRYING_SORT_KEYS) &&
    !(list.invoiceDateRange && sortedBy(INVOICE_DATE_FOLLOWING_SORT_KEYS))
  )
    return 'walkedIds';
  // A filter the order's index checks: its ids are found there from the first page on. Reading whole
  // rows instead checked the filter in the table for every booking passed (exportedOnly by invoice
  // date, newest first: 121 ms past the 500,000 bookings not exported, docs/performance.md change 38).
  if (list.indexCheckedOnly && !list.indexedEqualitiesOnly && !list.oneCreditor) return 'idsFirst';
  return offset < IDS_FIRST_OFFSET ? 'direct' : 'idsFirst';
}

/**
 * Whether a page may be read by the ids of all matches (bookings.match-ids-cache.ts): a page of a
 * search or an export batch with more matches than SEARCH_SORTED_MATCHES_LIMIT, where a plan may pass
 * or sort what lies before the page (docs/performance.md, changes 57, 58 and 63). Not for other
 * filters, whose pages the plans above read in under 100 ms, nor past the last match, where there is
 * nothing to read.
 */
export function keepsMatchIds(total: number, offset: number, list: ListShape): boolean {
  return unindexedMatches(list) && total > SEARCH_SORTED_MATCHES_LIMIT && offset < total;
}

/**
 * Whether the list's matches are those of a condition no order index carries, a search's or an
 * export batch's: a walk of the order's index tests every booking it passes and may pass most of the
 * index where they lie together at its other end, while all of them are read through their own
 * indexes and sorted (a batch's re-exports as an array through the primary key, bookings.filter.ts
 * MatchReading `all`).
 */
function unindexedMatches(list: ListShape): boolean {
  return list.search || list.exportBatch;
}

/** How much longer than expected a deep page's walk may be before it gives up (deepWalkBudget). */
const DEEP_WALK_MARGIN = 1.5;
/**
 * deepWalkBudget's walk is taken only where the matches' ids span at most this share of all: where
 * they span nearly all, the range does not shorten PostgreSQL's own walk ("Bestellung", 250,450
 * matches over the whole table, page 100 by net: 43–53 ms walked in the range, 35–41 ms by its plan).
 */
const DEEP_WALK_MAX_ID_SHARE = 0.5;

/**
 * The walk budget of a deep page (from page 21) of a search over every creditor with more than
 * SEARCH_SORTED_MATCHES_LIMIT matches, where the walk of `walkThenSort` within the matches' range
 * (bookings.match-range.ts walkScopeInRange) is expected to be short; undefined: read by its plan. The
 * walk is expected to find the matches as thick as they lie in their ids' range, which holds where
 * it walks their own column's range, or an order that spreads matches of the bookings' own texts
 * (names, location, net). It is taken if, with a margin, it passes fewer bookings than there are
 * matches: each costs about what sorting a match does (~0.9 µs). "R1000" (87,696 matches, 29 % of
 * their ids' range), page 100: 8–18 ms walked against 77–87 ms sorted (docs/performance.md, change 60).
 */
export function deepWalkBudget(
  total: number,
  offset: number,
  sorting: ListOrder,
  list: ListShape,
  range: MatchRange | undefined,
): number | undefined {
  if (!range || !list.search || list.oneCreditor || sorting.fixedBy) return undefined;
  if (total <= SEARCH_SORTED_MATCHES_LIMIT || offset < IDS_FIRST_OFFSET || offset >= total) return undefined;
  const evenlySpread = list.searchInTextsOnly && !SEARCH_GATHERING_SORT_KEYS.includes(sorting.key);
  if (!evenlySpread && !rangeOfOrder(range, sorting)) return undefined;
  const span = range.maxId - range.minId + 1;
  if (span > DEEP_WALK_MAX_ID_SHARE * range.allIds) return undefined;
  // A page nearer the end is read from there (bookings.list-sql.ts selectBookingPage).
  const fromNearerEnd = Math.min(offset, Math.max(0, total - offset - PAGE_SIZE));
  const budget = Math.ceil((DEEP_WALK_MARGIN * (fromNearerEnd + PAGE_SIZE) * span) / total);
  return budget <= total ? Math.max(budget, SEARCH_WALK_BUDGET) : undefined;
}

/** How a page is read: its plan and, for `walkThenSort`, how many bookings its walk tests at most. */
export interface PageRead {
  plan: PagePlan;
  walkBudget: number;
}

/**
 * The page's plan (pagePlan), or a walk within the matches' range where deepWalkBudget expects it
 * short; a walk tests SEARCH_WALK_BUDGET bookings, of one creditor's list CREDITOR_SEARCH_WALK_BUDGET.
 */
export function pageRead(
  total: number,
  offset: number,
  sorting: ListOrder,
  list: ListShape,
  range: MatchRange | undefined,
): PageRead {
  const deepWalk = deepWalkBudget(total, offset, sorting, list, range);
  if (deepWalk !== undefined) return { plan: 'walkThenSort', walkBudget: deepWalk };
  return {
    plan: pagePlan(total, offset, sorting, list),
    walkBudget: list.oneCreditor ? CREDITOR_SEARCH_WALK_BUDGET : SEARCH_WALK_BUDGET,
  };
}

/**
 * A first page read by its plan in this long or longer has the ids of all matches read afterwards, as
 * every deep page (from page 21) has: its plan had to sort them all, a walk for them having failed
 * (75–114 ms at a million, change 57), and the pages after it would sort them again. Quicker first
 * pages found theirs by walking, as the next ones will.
 */
export const SLOW_FIRST_PAGE_MS = 50;

/** Whether the ids of all matches are read after a page its plan read in `planMs` (keepsMatchIds). */
export function readsMatchIdsAfter(offset: number, planMs: number): boolean {
  return offset >= IDS_FIRST_OFFSET || planMs >= SLOW_FIRST_PAGE_MS;
}

/**
 * Whether `sortedMatches` is handed the matches in id order (bookings.list-sql.ts PageOptions
 * `matchesInIdOrder`): one creditor's matches come that way without a sort of their own from
 * transactions_creditor_list_idx, and a sort by invoice number or creator takes nearly sorted input
 * much faster (a supplier's page 30 by invoice number, descending, 80 → 20 ms). Not by export date:
 * the narrower indexes led by the creditor carry it too (INCLUDE, migration 0031), so PostgreSQL
 * reads one of those and sorts all of the creditor's ids first (74,449 in ~47 ms), and a sort by a
 * timestamp gains nothing from the order: the largest creditor's pages 1–100 by export date took
 * 65–76 ms in id order and 15–32 ms without (docs/performance.md, change 51). A search's matches
 * over every creditor by invoice number too, at the price of sorting their ids: 87,696 matches,
 * descending, page 1 107 → 86 ms, page 100 165 → 90 ms; ascending, page 100 74 → 91 ms.
 */
export function matchesInIdOrder(sorting: ListOrder, list: ListShape): boolean {
  return (
    (list.oneCreditor && sorting.key !== 'export_date') || (list.search && sorting.key === 'invoice_number')
  );
}

/** The list's order as its page is read (ListOrder). */
export function listOrder(sorting: Sorting, shape: ListShape): ListOrder {
  const fixedBy = shape.fixedKeys[sorting.key];
  return fixedBy ? { ...sorting, fixedBy } : sorting;
}
