import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@lp/domain/entities';
import { api } from '../../../lib/api-client';
import { BOOKINGS_KEY } from '../../../api/bookings-changed';

/** GET /api/transactions/{id}: one booking with its display data and version. */
export function getBooking(id: number, signal?: AbortSignal): Promise<Booking> {
  return api.get<Booking>(`/api/transactions/${id}`, { signal });
}

export const bookingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'single', id],
    queryFn: ({ signal }) => getBooking(id, signal),
    // The edit form must start from the stored version, not from a cached copy.
    staleTime: 0,
  });

export function useBooking(id: number | null) {
  return useQuery({ ...bookingQueryOptions(id ?? 0), enabled: id !== null });
}
