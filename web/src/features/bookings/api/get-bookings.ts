import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingPage } from '@lp/domain/booking.schema';
import { api } from '../../../lib/api-client';
import { takeEarlyAnswer } from '../../../lib/early-request';
import { withQuery } from '../../../lib/query-string';
import { listQuery, writeListState, type ListState } from '../utils/list-state';

/** The root of every bookings query: saving, deleting or exporting invalidates it as a whole. */
export const BOOKINGS_KEY = ['transactions'] as const;

/** GET /api/transactions: one page of the filtered, sorted list, its total and the net sum. */
export async function getBookings(state: ListState, signal?: AbortSignal): Promise<BookingPage> {
  const early = await takeEarlyAnswer<BookingPage>(earlyPath(state));
  return early ?? api.get<BookingPage>(withQuery('/api/transactions', listQuery(state)), { signal });
}

/**
 * The path the early request of a first visit sends for this state (lib/early-request.ts): the page
 * URL's own parameters, which the API reads with the same schema. It matches when the page URL is the
 * one the list writes for the state.
 */
function earlyPath(state: ListState): string {
  const search = writeListState(state).toString();
  return search === '' ? '/api/transactions' : `/api/transactions?${search}`;
}

export const bookingsQueryOptions = (state: ListState) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'page', listQuery(state)],
    queryFn: ({ signal }) => getBookings(state, signal),
    // The list changes under other users' hands; a page visit always asks again.
    staleTime: 0,
    // Paging and filtering keep the old rows on screen until the new ones arrive, without a jump.
    placeholderData: keepPreviousData,
  });

export function useBookings(state: ListState) {
  return useQuery(bookingsQueryOptions(state));
}
