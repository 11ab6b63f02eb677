import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@lp/domain/entities';
import { api } from '../../../lib/api-client';
import { TRANSACTIONS_KEY } from './get-transactions';

/** GET /api/transactions/{id}: one booking with its display data and version. */
export function getTransaction(id: number, signal?: AbortSignal): Promise<Transaction> {
  return api.get<Transaction>(`/api/transactions/${id}`, { signal });
}

export const transactionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...TRANSACTIONS_KEY, 'single', id],
    queryFn: ({ signal }) => getTransaction(id, signal),
    // The edit form must start from the stored version, not from a cached copy.
    staleTime: 0,
  });

export function useTransaction(id: number | null) {
  return useQuery({ ...transactionQueryOptions(id ?? 0), enabled: id !== null });
}
