import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TRANSACTIONS_KEY } from './get-transactions';

/** POST /api/transactions/delete with the ids: all or nothing; answers how many were deleted. */
export function deleteTransactions(ids: readonly number[]): Promise<{ deleted: number }> {
  return api.post<{ deleted: number }>('/api/transactions/delete', ids);
}

export function useDeleteTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransactions,
    // Also after a refusal: the refusal may come from a change the list does not show yet.
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
  });
}
