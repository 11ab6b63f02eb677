import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAfterBookingsChanged } from '../../../api/bookings-changed';

/** POST /api/transactions/delete with the ids: all or nothing; answers how many were deleted. */
export function deleteBookings(ids: readonly number[]): Promise<{ deleted: number }> {
  return api.post<{ deleted: number }>('/api/transactions/delete', ids);
}

export function useDeleteBookings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBookings,
    // Also after a refusal: the refusal may come from a change the list does not show yet.
    onSettled: () => refreshAfterBookingsChanged(queryClient),
  });
}
