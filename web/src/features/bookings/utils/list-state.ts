// The bookings list's state (filter, sorting, page) and its two representations: the page URL, so that
// reload, bookmarks and the back button keep it, and the API query. Pure, so it is tested alone.
import {
  EMPTY_BOOKING_FILTER,
  exportStatusRestriction,
  formatSorting,
  pickFilter,
  readBookingListQuery,
  writeBookingListQuery,
  type BookingListFilter,
  type Sorting,
  type SortKey,
} from '@lp/domain/booking-list-query';
import { isoDayToWire } from '@lp/domain/dates';

export type { BookingListFilter };

export interface ListState {
  filter: BookingListFilter;
  sorting: Sorting;
  /** 1-based. */
  page: number;
}

export const EMPTY_FILTER: BookingListFilter = EMPTY_BOOKING_FILTER;

/**
 * Reads the state from the page URL with the API's own schema (domain/src/booking-list-query.ts);
 * anything missing or unreadable falls back to its default.
 */
export function readListState(params: URLSearchParams): ListState {
  const query = readBookingListQuery(params);
  return { filter: pickFilter(query), sorting: query.sorting, page: query.page };
}

/**
 * The page URL's parameters of a state, under the API's names, so a URL reads like the request it
 * makes; defaults are left out, so the plain list has a plain URL.
 */
export function writeListState({ filter, sorting, page }: ListState): URLSearchParams {
  return new URLSearchParams(writeBookingListQuery({ ...filter, sorting, page }));
}

/**
 * The filter as the API's query parameters (spec section 7): dates as ISO, flags only when set, ids
 * only when set. withQuery leaves the undefined ones out.
 */
export function filterQuery(filter: BookingListFilter) {
  return {
    invoiceDateFrom: filter.invoiceDateFrom ? isoDayToWire(filter.invoiceDateFrom) : undefined,
    invoiceDateUntil: filter.invoiceDateUntil ? isoDayToWire(filter.invoiceDateUntil) : undefined,
    searchQuery: filter.searchQuery.trim() || undefined,
    exportedOnly: filter.exportedOnly || undefined,
    notExportedOnly: filter.notExportedOnly || undefined,
    article: filter.article ?? undefined,
    creditor: filter.creditor ?? undefined,
    debitor: filter.debitor ?? undefined,
    exportBatch: filter.exportBatch ?? undefined,
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

/** A new sort order starts again at page 1: page 2 of another order would show ranks 51–100. */
export function withSorting(state: ListState, sorting: Sorting): ListState {
  return { ...state, sorting, page: 1 };
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
    filter.exportedOnly ||
    filter.notExportedOnly ||
    filter.article !== null ||
    filter.debitor !== null ||
    filter.creditor !== null ||
    filter.exportBatch !== null
  );
}

/** Whether the filtered bookings may include exported ones: unless the status restricts to "not exported". */
export function mayIncludeExported(filter: BookingListFilter): boolean {
  return exportStatusRestriction(filter) !== 'notExported';
}
