import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingSaveResult, BookingInput } from '@lp/domain/entities';
import { isSaved } from '@lp/domain/save-result';
import { auditKeys } from '../../../api/get-audit';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { refreshAfterBookingsChanged } from '../../../api/bookings-changed';

export interface UpdateBookingVariables {
  id: number;
  /** Carries the version that was loaded; a newer stored version answers 409. */
  body: BookingInput;
  checkForDuplicates: boolean;
  /** Check only, store nothing: the answer lists the errors and warnings a save would give. */
  dryRun?: boolean;
}

/** PUT /api/transactions/{id}?checkForDuplicates=&dryRun=: answers errors and warnings, 409 on a version conflict. */
export function updateBooking({ id, body, checkForDuplicates, dryRun }: UpdateBookingVariables) {
  return api.put<BookingSaveResult>(
    withQuery(`/api/transactions/${id}`, { checkForDuplicates, dryRun }),
    body,
  );
}

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBooking,
    onSuccess: (result) => {
      if (isSaved(result)) {
        refreshAfterBookingsChanged(queryClient);
        void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      }
    },
  });
}
