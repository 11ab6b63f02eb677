// The WHERE and ORDER BY of the bookings list, shared by the page, its totals and the export, so
// that the file holds exactly the bookings the list shows. Table alias: t = transactions.
import { sql, type SQL } from 'drizzle-orm';
import {
  bookingFilterQuerySchema,
  exportStatusRestriction,
  SORT_KEYS,
  type BookingListFilter,
  type Sorting,
  type SortKey,
} from '@lp/domain/booking-list-query';
import type { BookingScope } from '@lp/domain/policies';
import { searchCondition, searchMatchesEveryBooking, type SearchMatches } from './bookings.search';

/** The list's filter (domain/src/booking-list-query.ts); a field left out does not filter. */
export interface BookingFilter extends Partial<BookingListFilter> {
  /** Only these bookings (export of the selection). */
  ids?: number[];
  /**
   * With `exportBatch`: whether that batch exported bookings again that an earlier batch had marked
   * (exports.repository.ts batchReexported; fixed when the batch is committed, its audit entries are
   * immutable). Left out, the condition looks for them: always right, but slower for a batch that
   * did not (exportBatchCondition).
   */
  batchReexported?: boolean;
}

/**
 * How a statement tests the list's condition, for the parts whose best form depends on it (an export
 * batch's re-exports, exportBatchCondition): `walk`, on each booking an order's index passes (the
 * page plans); `all`, on all matches read at once, or on a handful of known ids (the count, the ids
 * of every match, a page of kept ids, `matchesFirst` and `sortedMatches`, the export).
 */
export type MatchReading = 'walk' | 'all';

/**
 * The list's condition. A filter with a search needs its master-data matches (`search`, from
 * findSearchMatches), so that the condition names them as constants (bookings.search.ts). Both
 * readings select the same bookings.
 */
export function bookingWhere(
  filter: BookingFilter,
  scope: BookingScope,
  search?: SearchMatches,
  reading: MatchReading = 'walk',
): SQL {
  const conditions: SQL[] = [];
  if (!scope.allCreditors) conditions.push(ownCreditorCondition(scope));
  if (filter.ids) conditions.push(sql`t.id = any(${sql.param(filter.ids)}::int[])`);
  if (filter.invoiceDateFrom) conditions.push(sql`t.invoice_date >= ${filter.invoiceDateFrom}::date`);
  if (filter.invoiceDateUntil) conditions.push(sql`t.invoice_date <= ${filter.invoiceDateUntil}::date`);
  const status = exportStatusOf(filter);
  if (status === 'exported') conditions.push(sql`t.export_date is not null`);
  if (status === 'notExported') conditions.push(sql`t.export_date is null`);
  if (filter.article) conditions.push(sql`t.article_number = ${filter.article}`);
  if (filter.creditor) conditions.push(sql`t.creditor_number = ${filter.creditor}`);
  if (filter.debitor) conditions.push(sql`t.debitor_number = ${filter.debitor}`);
  if (filter.exportBatch)
    conditions.push(exportBatchCondition(filter.exportBatch, filter.batchReexported ?? true, reading));
  if (searchRestricts(filter, scope, search)) conditions.push(searchCondition(search));
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/**
 * Every booking the batch delivered: those it marked (transactions_export_batch_idx), and those it
 * exported again. Those had been marked by an earlier batch and are named by the batch's audit
 * entries. A batch that re-exported nothing (the usual one) is matched by its own column alone, read
 * through its index: with the `or` no plan read that index, and the first request of such a batch of
 * 37,231 bookings took 456–500 ms, now 61–93 ms at a million (docs/performance.md, change 64).
 * Its re-exports in two forms, by the reading (MatchReading): for a walk, a subquery PostgreSQL hashes
 * once per statement (a hashed SubPlan), one probe per booking passed; for all matches, an array
 * (an InitPlan) that PostgreSQL reads through the primary key beside the batch's index (a BitmapOr),
 * where the hashed subquery tested every booking of the table: the count of a batch that exported
 * 74,449 bookings again 556 → 52 ms (change 65). Not the array for a walk: each booking passed
 * would be compared with every element.
 */
function exportBatchCondition(batch: number, reexported: boolean, reading: MatchReading): SQL {
  const marked = sql`t.export_batch_id = ${batch}`;
  if (!reexported) return marked;
  const again = sql`select unnest(e.transaction_ids) from audit_export_entries e
    where e.export_batch_id = ${batch} and not e.first_export`;
  return reading === 'all'
    ? sql`(${marked} or t.id = any(array(${again})))`
    : sql`(${marked} or t.id in (${again}))`;
}

/**
 * What bounds a walk of the list's order index (the `walkThenSort` page plan): the creditor's
 * bookings where only one creditor's can match, walked in an index led by the creditor; otherwise
 * every booking.
 */
export function walkScope(filter: BookingFilter, scope: BookingScope): SQL {
  if (!scope.allCreditors) return ownCreditorCondition(scope);
  return filter.creditor ? sql`t.creditor_number = ${filter.creditor}` : sql`true`;
}

/**
 * The one SQL form of policies.ts's bookingScope for a supplier: its own creditor's bookings, none
 * without a creditor. Every read of the list, its totals and its walks is scoped by it.
 */
function ownCreditorCondition(scope: BookingScope & { allCreditors: false }): SQL {
  return scope.creditorNumber === null ? sql`false` : sql`t.creditor_number = ${scope.creditorNumber}`;
}

/** One export status of the bookings: exported (an export date set) or not yet. */
export type ExportStatus = 'exported' | 'notExported';

/** The export status the filter restricts the list to (exportStatusRestriction), if any. */
export function exportStatusOf(filter: BookingFilter): ExportStatus | null {
  return exportStatusRestriction({
    exportedOnly: filter.exportedOnly ?? false,
    notExportedOnly: filter.notExportedOnly ?? false,
  });
}

/**
 * Whether the filter's search restricts the bookings in view: not when there is none, nor when every
 * booking the scope and the creditor filter let through matches it by its creditor (bookings.search.ts
 * searchMatchesEveryBooking).
 */
export function searchRestricts(
  filter: BookingFilter,
  scope: BookingScope,
  search: SearchMatches | undefined,
): search is SearchMatches {
  if (!filter.searchQuery?.trim()) return false;
  if (!search) throw new Error('a search needs its master-data matches (findSearchMatches)');
  const creditor = (scope.allCreditors ? filter.creditor : scope.creditorNumber) ?? undefined;
  return !searchMatchesEveryBooking(search, creditor);
}

/**
 * A list of all bookings of one creditor or of every creditor, or of those of one export status
 * (WholeCreditorList): what the derived totals count without reading the bookings.
 */
export interface WholeCreditorList {
  /** One creditor's number, or null for every creditor's. */
  creditorNumber: number | null;
  exportStatus: ExportStatus | null;
}

/**
 * The creditor whose bookings, all of them or those of one export status, are exactly the filter's
 * matches (`null`: every creditor's), when nothing but the visible scope, the creditor filter and the
 * export status restricts them (a search that restricts nothing, see searchRestricts, does not count):
 * the totals of such a list are the month totals' (bookings.totals-sql.ts `selectWholeCreditorTotals`).
 * Otherwise undefined. Any other field that is set, including one added later, makes it undefined:
 * those totals are counted.
 */
export function wholeCreditorFilter(
  filter: BookingFilter,
  scope: BookingScope,
  search?: SearchMatches,
): WholeCreditorList | undefined {
  if (!restrictedOnlyBy(['exportedOnly', 'notExportedOnly'], filter, scope, search)) return undefined;
  const { creditor } = filter;
  const exportStatus = exportStatusOf(filter);
  if (scope.allCreditors) return { creditorNumber: creditor ?? null, exportStatus };
  if (scope.creditorNumber === null || (creditor && creditor !== scope.creditorNumber)) return undefined;
  return { creditorNumber: scope.creditorNumber, exportStatus };
}

/**
 * Fields whose equality PostgreSQL estimates from the column's own statistics and reads through the
 * column's index (transactions_debitor_idx, transactions_article_creditor_idx), also together with the
 * creditor's.
 */
const INDEXED_EQUALITY_FIELDS: readonly (keyof BookingFilter)[] = ['debitor', 'article'];

/**
 * Whether nothing restricts the list but the visible scope, the creditor filter and the fields of
 * INDEXED_EQUALITY_FIELDS: PostgreSQL then estimates the number of matches well and picks its plan
 * for a page by itself (bookings.page-plan.ts). Any other field that is set, including one added
 * later, and a search that restricts make it false.
 */
export function onlyIndexedEqualities(
  filter: BookingFilter,
  scope: BookingScope,
  search?: SearchMatches,
): boolean {
  return restrictedOnlyBy(INDEXED_EQUALITY_FIELDS, filter, scope, search);
}

/**
 * Fields whose columns every creditor's list-order indexes carry (migration 0030): the invoice
 * dates, the export status, the article. A walk of such an index checks them there, without the
 * table.
 */
const INDEX_CHECKED_FIELDS: readonly (keyof BookingFilter)[] = [
  'invoiceDateFrom',
  'invoiceDateUntil',
  'exportedOnly',
  'notExportedOnly',
  'article',
];

/**
 * Whether nothing restricts the list but the visible scope, the creditor filter and the fields of
 * INDEX_CHECKED_FIELDS: walking an order's index, the page's ids are then found in the index alone.
 */
export function onlyIndexChecked(
  filter: BookingFilter,
  scope: BookingScope,
  search?: SearchMatches,
): boolean {
  return restrictedOnlyBy(INDEX_CHECKED_FIELDS, filter, scope, search);
}

/**
 * Whether no field of the filter but the `allowed` ones restricts the list beyond the visible scope
 * and the creditor filter; a search that restricts nothing (searchRestricts) does not count.
 */
function restrictedOnlyBy(
  allowed: readonly (keyof BookingFilter)[],
  filter: BookingFilter,
  scope: BookingScope,
  search?: SearchMatches,
): boolean {
  const restricting = searchRestricts(filter, scope, search) ? filter : { ...filter, searchQuery: undefined };
  return RESTRICTING_FIELDS.every((field) => allowed.includes(field) || unset(restricting[field]));
}

const unset = (value: unknown) =>
  value === undefined || value === null || value === false || (typeof value === 'string' && !value.trim());

/** The filter's fields other than the creditor, from the list query's schema (so also future ones). */
const RESTRICTING_FIELDS: (keyof BookingFilter)[] = [
  ...(Object.keys(bookingFilterQuerySchema.shape) as (keyof typeof bookingFilterQuerySchema.shape)[]).filter(
    (field): field is Exclude<typeof field, 'sorting' | 'creditor'> =>
      field !== 'sorting' && field !== 'creditor',
  ),
  'ids',
];

/** A column whose equality in the filter fixes the value of some sort keys (fixedSortKeys). */
export type FixingColumn = 'creditor_number' | 'debitor_number' | 'article_number';

/**
 * Sort keys whose column holds one value on every booking the filter and the scope let through, each
 * with the column of the equality that fixes it: the creditor's, the debitor's and the article's
 * number fix themselves and the name copied onto their bookings (kept equal to the record's in the
 * renaming transaction, migration 0011). Sorted by such a key, the list is in the order of the
 * equality's column and the id, and is read so (bookings.page-plan.ts listOrder): that column's index
 * ends with the id, where walking the key's own index passed every other value's bookings (an
 * article's last page by article name: 2.8 s at a million, docs/performance.md change 37).
 */
export function fixedSortKeys(
  filter: BookingFilter,
  scope: BookingScope,
): Partial<Record<SortKey, FixingColumn>> {
  const fixed: Partial<Record<SortKey, FixingColumn>> = {};
  if (!scope.allCreditors || filter.creditor) fixed.creditor_number = fixed.creditor_name = 'creditor_number';
  if (filter.debitor) fixed.debitor_number = fixed.debitor_name = 'debitor_number';
  if (filter.article) fixed.article_name = 'article_number';
  return fixed;
}

/** Sort expressions; the names are the copies on the booking row (indexed with the id). */
export const SORT_COLUMNS: Record<SortKey, SQL> = {
  invoice_date: sql`t.invoice_date`,
  invoice_number: sql`t.invoice_number`,
  debitor_number: sql`t.debitor_number`,
  debitor_name: sql`t.debitor_name`,
  location: sql`t.delivery_location`,
  article_name: sql`t.article_name`,
  net: sql`t.net`,
  creditor_number: sql`t.creditor_number`,
  creditor_name: sql`t.creditor_name`,
  export_date: sql`t.export_date`,
  creation_date: sql`t.creation_date`,
  creation_email_address: sql`t.creation_user_email_address`,
};

/**
 * Sort keys whose order one creditor's bookings can be walked in by an index led by the creditor
 * (migrations 0016, 0017, 0023, 0025); any other order of one creditor's list is sorted out of its
 * bookings.
 */
export const CREDITOR_LED_SORT_KEYS: readonly SortKey[] = [
  'creation_date',
  'invoice_date',
  'creditor_number',
  'net',
  'article_name',
];

/**
 * Sort keys whose index over every creditor's bookings carries the fields of INDEX_CHECKED_FIELDS
 * (migration 0030: the invoice date, the article, the export date), so that a page's ids are found by
 * walking it without reading the table. Not the creditor number, whose index (migration 0017) carries
 * the sort columns but not the article.
 */
export const FILTER_CARRYING_SORT_KEYS: readonly SortKey[] = SORT_KEYS.filter(
  (key) => key !== 'creditor_number',
);

/**
 * Sort keys whose order follows the invoice dates: bookings are entered and exported after they are
 * invoiced, so an invoice-date range in the past lies at the far end of these orders' indexes.
 */
export const INVOICE_DATE_FOLLOWING_SORT_KEYS: readonly SortKey[] = ['creation_date', 'export_date'];

/**
 * Sort keys whose order follows when, by whom or for whom a booking was made: its dates, its invoice
 * number (given in about the order of the invoices), its creditor (each numbers its invoices its own
 * way) and its creator. A search's matches in the bookings' own texts, an invoice-number prefix or an
 * order number of one year, often lie together in these orders, so that walking their index may pass
 * most of it before the page; the names of debitors and articles, the locations and the nets spread
 * them evenly.
 */
export const SEARCH_GATHERING_SORT_KEYS: readonly SortKey[] = [
  'creation_date',
  'invoice_date',
  'invoice_number',
  'export_date',
  'creditor_number',
  'creditor_name',
  'creation_email_address',
];

/**
 * Sort keys with many values that each recur on a modest share of the bookings, never null:
 * master-data values (a list holds at most as many as there are debitors or articles, however many
 * bookings it has) and delivery locations (the clients' addresses). Their deep pages can be found by
 * counting the bookings per value (the `groupedMatches` page plan), which then reads only the
 * bookings of the values the page spans. Not the creator: a creditor's two or three users each
 * created half of its bookings, all of which that read would sort (page 1000 got 64 → 98–161 ms); it
 * is read without a sort instead (FEW_VALUE_SORT_KEYS). Not the article name either, whose values
 * repeat too: one creditor's list by article name walks its own index (CREDITOR_LED_SORT_KEYS).
 */
export const REPEATING_SORT_KEYS: readonly SortKey[] = ['debitor_name', 'debitor_number', 'location'];

/**
 * Sort keys with few values per creditor, each on a large share of its bookings: the creator (a
 * creditor's two or three users) and the export date (one per export run, and null for every booking
 * not yet exported). Their deep pages are read by counting the bookings per value and then walking the
 * bookings of the values the page spans in id order, which within one value is the list's order (the
 * id breaks the ties): no sort at all (the `groupsInIdOrder` page plan; a supplier's page 1000 by
 * creator 84–90 → 36–40 ms, by export date 65–74 → 29–44 ms in the statement's timing).
 */
export const FEW_VALUE_SORT_KEYS: readonly SortKey[] = ['creation_email_address', 'export_date'];

/**
 * Sort keys whose groups the month totals (migration 0015) count: the creditor, by number or by name,
 * and the invoice date, by month. A deep page of every creditor's bookings, nothing else restricting,
 * finds its groups there and walks only theirs (the `totalGroups` page plan). One creditor's list in
 * these orders walks an index led by the creditor instead (CREDITOR_LED_SORT_KEYS, listOrder).
 */
export const MONTH_TOTALS_GROUPED_SORT_KEYS = ['creditor_number', 'creditor_name', 'invoice_date'] as const;

/**
 * Sort keys whose groups the debitor totals (migration 0028) count per creditor: the debitor, by
 * number or by name. Every page of all of one creditor's bookings finds its groups there (the
 * `totalGroups` page plan). Not used for every creditor's bookings: summing the totals of all
 * creditors (100,000 rows at the bench's size) took 18–38 ms, more than walking the order's index to
 * page 2000.
 */
export const DEBITOR_TOTALS_GROUPED_SORT_KEYS = ['debitor_number', 'debitor_name'] as const;

export type TotalsGroupedSortKey =
  (typeof MONTH_TOTALS_GROUPED_SORT_KEYS)[number] | (typeof DEBITOR_TOTALS_GROUPED_SORT_KEYS)[number];

/** The list's order in the forms the page plans need (bookings.list-sql.ts selectBookingPage). */
export interface BookingSort {
  key: SortKey;
  /** ORDER BY with the id as tiebreak, so paging is stable. */
  orderBy: SQL;
  /**
   * The id and the sort column: what `sortedMatches` reads of each match to sort them; for one
   * creditor's bookings all in transactions_creditor_list_idx. Only these two columns, so that
   * 100,000 of them sort in memory.
   */
  select: SQL;
  /** The sort column, its direction and where its nulls go, alone (`groupedMatches`, `groupsInIdOrder`). */
  column: SQL;
  direction: SQL;
  nulls: SQL;
  /** The exact reverse order (nulls and the id tiebreak included), to read a page from the end. */
  reversed(): BookingSort;
  /**
   * The values grow with the ids: bookings get their invoice numbers in about the order they are
   * stored, so one creditor's matches handed over in id order arrive nearly sorted.
   */
  followsIds: boolean;
}

/**
 * What `sortedMatches` sorts by in place of a column, under the column's name so that the list's
 * ORDER BY applies unchanged. The net as float8: numeric(12,2) has at most 10^12 values 0.01 apart,
 * far more than a double's spacing there (~2·10^-6), so the conversion keeps their order and ties
 * exactly, and 75,000 doubles sort in ~2/3 of the time of numerics (a supplier's page 1000 by net:
 * 102–111 → 74–84 ms in EXPLAIN ANALYZE).
 */
const SORTED_MATCHES_COLUMNS: Partial<Record<SortKey, SQL>> = { net: sql`t.net::float8 as net` };

/** The list's order; with `fixedBy`, as an equality of the filter fixes it (fixedSort). */
export function bookingSort(sorting: Sorting & { fixedBy?: FixingColumn }): BookingSort {
  if (sorting.fixedBy) return fixedSort(sorting, sorting.fixedBy);
  const column = SORT_COLUMNS[sorting.key];
  return {
    key: sorting.key,
    orderBy: bookingOrderBy(sorting),
    select: sql`t.id, ${SORTED_MATCHES_COLUMNS[sorting.key] ?? column}`,
    column,
    direction: sortDirection(sorting),
    nulls: nullsOrder(sorting),
    reversed: () => bookingSort({ ...sorting, descending: !sorting.descending }),
    followsIds: sorting.key === 'invoice_number',
  };
}

/**
 * The order of `sorting` where an equality of the filter fixes its column (fixedSortKeys): by the
 * equality's column, one value on every match too, and the id, in the list's direction.
 */
function fixedSort(sorting: Sorting, fixedBy: FixingColumn): BookingSort {
  const direction = sortDirection(sorting);
  const column = sql.raw(`t.${fixedBy}`);
  return {
    key: sorting.key,
    orderBy: sql`${column} ${direction}, t.id ${direction}`,
    select: sql`t.id, ${column}`,
    column,
    direction,
    nulls: sql``,
    reversed: () => fixedSort({ ...sorting, descending: !sorting.descending }, fixedBy),
    followsIds: true,
  };
}

const sortDirection = ({ descending }: Sorting): SQL => (descending ? sql`desc` : sql`asc`);

/** Not exported sorts before exported: the only nullable sort column is the export date. */
const nullsOrder = ({ key, descending }: Sorting): SQL =>
  key === 'export_date' ? (descending ? sql` nulls last` : sql` nulls first`) : sql``;

/** ORDER BY with the id as tiebreak, so paging is stable. */
export function bookingOrderBy(sorting: Sorting): SQL {
  const direction = sortDirection(sorting);
  return sql`${SORT_COLUMNS[sorting.key]} ${direction}${nullsOrder(sorting)}, t.id ${direction}`;
}
