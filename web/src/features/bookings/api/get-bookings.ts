import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingPage } from '@lp/domain/booking.schema';
import { BOOKINGS_KEY } from '../../../api/bookings-changed';
import { api } from '../../../lib/api-client';
import { takeEarlyAnswer } from '../../../lib/early-request';
import { withQuery } from '../../../lib/query-string';
import { listQuery, writeListState, type ListState } from '../utils/list-state';

const BOOKINGS_PATH = '/api/transactions';

/** GET /api/transactions: one page of the filtered, sorted list, its total and the net sum. */
export async function getBookings(state: ListState, signal?: AbortSignal): Promise<BookingPage> {
  // A first visit's early request (lib/early-request.ts) sent the page URL's own parameters, which
  // the API reads with the same schema: its answer is this state's when the URL is the list's own.
  const early = await takeEarlyAnswer<BookingPage>(
    withQuery(BOOKINGS_PATH, Object.fromEntries(writeListState(state))),
  );
  return early ?? api.get<BookingPage>(withQuery(BOOKINGS_PATH, listQuery(state)), { signal });
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
