import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingPage } from '@lp/domain/booking.schema';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { listQuery, type ListState } from '../utils/list-state';

/** The root of every bookings query: saving, deleting or exporting invalidates it as a whole. */
export const BOOKINGS_KEY = ['transactions'] as const;

/** GET /api/transactions: one page of the filtered, sorted list, its total and the net sum. */
export function getBookings(state: ListState, signal?: AbortSignal): Promise<BookingPage> {
  return api.get<BookingPage>(withQuery('/api/transactions', listQuery(state)), { signal });
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
