import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingSaveResult, TransactionInput } from '@lp/domain/entities';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { TRANSACTIONS_KEY } from './get-transactions';

export interface UpdateTransactionVariables {
  id: number;
  /** Carries the version that was loaded; a newer stored version answers 409. */
  body: TransactionInput;
  checkForDuplicates: boolean;
}

/** PUT /api/transactions/{id}?checkForDuplicates=: answers errors and warnings, 409 on a version conflict. */
export function updateTransaction({ id, body, checkForDuplicates }: UpdateTransactionVariables) {
  return api.put<BookingSaveResult>(withQuery(`/api/transactions/${id}`, { checkForDuplicates }), body);
}

export function useUpdateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTransaction,
    onSuccess: (result) => {
      if (result.errors.length === 0 && result.warnings.length === 0) {
        void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
      }
    },
  });
}
