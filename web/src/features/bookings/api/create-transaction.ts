import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingSaveResult, TransactionInput } from '@lp/domain/entities';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { TRANSACTIONS_KEY } from './get-transactions';

export interface CreateTransactionVariables {
  body: TransactionInput;
  /** false stores the booking despite warnings (the user chose to ignore them). */
  checkForDuplicates: boolean;
}

/** POST /api/transactions?checkForDuplicates=: a booking or an empty report; answers errors and warnings. */
export function createTransaction({ body, checkForDuplicates }: CreateTransactionVariables) {
  return api.post<BookingSaveResult>(withQuery('/api/transactions', { checkForDuplicates }), body);
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransaction,
    onSuccess: (result) => {
      if (result.errors.length === 0 && result.warnings.length === 0) {
        void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
      }
    },
  });
}
