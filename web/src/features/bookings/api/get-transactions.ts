import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionPage } from '@lp/domain/booking.schema';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { listQuery, type ListState } from '../utils/list-state';

/** The root of every bookings query: saving, deleting or exporting invalidates it as a whole. */
export const TRANSACTIONS_KEY = ['transactions'] as const;

/** GET /api/transactions: one page of the filtered, sorted list, its total and the net sum. */
export function getTransactions(state: ListState, signal?: AbortSignal): Promise<TransactionPage> {
  return api.get<TransactionPage>(withQuery('/api/transactions', listQuery(state)), { signal });
}

export const transactionsQueryOptions = (state: ListState) =>
  queryOptions({
    queryKey: [...TRANSACTIONS_KEY, 'page', listQuery(state)],
    queryFn: ({ signal }) => getTransactions(state, signal),
    // The list changes under other users' hands; a page visit always asks again.
    staleTime: 0,
    // Paging and filtering keep the old rows on screen until the new ones arrive, without a jump.
    placeholderData: keepPreviousData,
  });

export function useTransactions(state: ListState) {
  return useQuery(transactionsQueryOptions(state));
}
