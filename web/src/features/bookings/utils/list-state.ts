// The bookings list's state (filter, sorting, page) and its two representations: the page URL, so that
// reload, bookmarks and the back button keep it, and the API query. Pure, so it is tested alone.
import { formatSorting, parseSorting, type Sorting } from '@lp/domain/booking-list-query';
import { DEFAULT_SORTING, UNSET_ID, type SortKey } from '@lp/domain/booking-list-query';
import { isoDayToWire, parseCalendarDate } from '@lp/domain/dates';

/** The spec's transaction filter; ids are business numbers, UNSET_ID (-1) means "all". */
export interface BookingListFilter {
  searchQuery: string;
  /** 'YYYY-MM-DD' or null. */
  invoiceDateFrom: string | null;
  invoiceDateUntil: string | null;
  exportedItemsOnly: boolean;
  notExportedItemsOnly: boolean;
  articleId: number;
  debitorId: number;
  creditorId: number;
}

export interface ListState {
  filter: BookingListFilter;
  sorting: Sorting;
  /** 1-based. */
  page: number;
}

export const EMPTY_FILTER: BookingListFilter = {
  searchQuery: '',
  invoiceDateFrom: null,
  invoiceDateUntil: null,
  exportedItemsOnly: false,
  notExportedItemsOnly: false,
  articleId: UNSET_ID,
  debitorId: UNSET_ID,
  creditorId: UNSET_ID,
};

const DEFAULT_SORT = parseSorting(DEFAULT_SORTING) as Sorting;

/** URL parameter names: those of the API, so a URL reads like the request it makes. */
const PARAM = {
  page: 'page',
  sorting: 'sorting',
  searchQuery: 'searchQuery',
  invoiceDateFrom: 'invoiceDateFrom',
  invoiceDateUntil: 'invoiceDateUntil',
  exportedItemsOnly: 'exportedOnly',
  notExportedItemsOnly: 'notExportedOnly',
  articleId: 'article',
  debitorId: 'debitor',
  creditorId: 'creditor',
} as const;

const positiveInteger = (value: string | null): number | null =>
  value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** Reads the state from the page URL; anything missing or unreadable falls back to its default. */
export function readListState(params: URLSearchParams): ListState {
  const day = (name: string) => {
    const value = params.get(name);
    return value ? parseCalendarDate(value) : null;
  };
  return {
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    sorting: parseSorting(params.get(PARAM.sorting) ?? '') ?? DEFAULT_SORT,
    filter: {
      searchQuery: params.get(PARAM.searchQuery)?.trim() ?? '',
      invoiceDateFrom: day(PARAM.invoiceDateFrom),
      invoiceDateUntil: day(PARAM.invoiceDateUntil),
      exportedItemsOnly: params.get(PARAM.exportedItemsOnly) === 'true',
      notExportedItemsOnly: params.get(PARAM.notExportedItemsOnly) === 'true',
      articleId: positiveInteger(params.get(PARAM.articleId)) ?? UNSET_ID,
      debitorId: positiveInteger(params.get(PARAM.debitorId)) ?? UNSET_ID,
      creditorId: positiveInteger(params.get(PARAM.creditorId)) ?? UNSET_ID,
    },
  };
}

/** The page URL's parameters of a state; defaults are left out, so the plain list has a plain URL. */
export function writeListState({ filter, sorting, page }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | null) => {
    if (value !== null && value !== '') params.set(name, value);
  };
  set(PARAM.searchQuery, filter.searchQuery.trim());
  set(PARAM.invoiceDateFrom, filter.invoiceDateFrom);
  set(PARAM.invoiceDateUntil, filter.invoiceDateUntil);
  set(PARAM.exportedItemsOnly, filter.exportedItemsOnly ? 'true' : null);
  set(PARAM.notExportedItemsOnly, filter.notExportedItemsOnly ? 'true' : null);
  set(PARAM.articleId, filter.articleId > 0 ? String(filter.articleId) : null);
  set(PARAM.debitorId, filter.debitorId > 0 ? String(filter.debitorId) : null);
  set(PARAM.creditorId, filter.creditorId > 0 ? String(filter.creditorId) : null);
  const sortingText = formatSorting(sorting);
  set(PARAM.sorting, sortingText === DEFAULT_SORTING ? null : sortingText);
  set(PARAM.page, page > 1 ? String(page) : null);
  return params;
}

/**
 * The filter as the API's query parameters (spec section 7): dates as ISO, flags only when set, ids
 * only above 0. withQuery leaves the undefined ones out.
 */
export function filterQuery(filter: BookingListFilter) {
  const id = (n: number) => (n > 0 ? n : undefined);
  return {
    invoiceDateFrom: filter.invoiceDateFrom ? isoDayToWire(filter.invoiceDateFrom) : undefined,
    invoiceDateUntil: filter.invoiceDateUntil ? isoDayToWire(filter.invoiceDateUntil) : undefined,
    searchQuery: filter.searchQuery.trim() || undefined,
    exportedOnly: filter.exportedItemsOnly || undefined,
    notExportedOnly: filter.notExportedItemsOnly || undefined,
    article: id(filter.articleId),
    creditor: id(filter.creditorId),
    debitor: id(filter.debitorId),
  };
}

/** The query of GET /api/transactions for a state. */
export function listQuery(state: ListState) {
  return { page: state.page, sorting: formatSorting(state.sorting), ...filterQuery(state.filter) };
}

/** A changed filter starts again at page 1 (spec section 4). */
export function withFilter(state: ListState, change: Partial<BookingListFilter>): ListState {
  return { ...state, filter: { ...state.filter, ...change }, page: 1 };
}

/** The same column again toggles the direction; another column sorts ascending (spec section 4). */
export function nextSorting(current: Sorting, key: SortKey): Sorting {
  return key === current.key ? { key, descending: !current.descending } : { key, descending: false };
}

/** A column's aria-sort: the sorted column says its direction, the others say nothing. */
export function ariaSort(sorting: Sorting, key: SortKey): 'ascending' | 'descending' | undefined {
  if (sorting.key !== key) return undefined;
  return sorting.descending ? 'descending' : 'ascending';
}

/** True when a filter of the panel (not the search) is set: the panel then opens by itself. */
export function hasPanelFilter(filter: BookingListFilter): boolean {
  return (
    filter.invoiceDateFrom !== null ||
    filter.invoiceDateUntil !== null ||
    filter.exportedItemsOnly ||
    filter.notExportedItemsOnly ||
    filter.articleId > 0 ||
    filter.debitorId > 0 ||
    filter.creditorId > 0
  );
}

/**
 * Whether the filtered bookings may include exported ones. Only "not exported" alone excludes them;
 * both boxes ticked mean both states (as the server reads them).
 */
export function mayIncludeExported(filter: BookingListFilter): boolean {
  return !(filter.notExportedItemsOnly && !filter.exportedItemsOnly);
}
