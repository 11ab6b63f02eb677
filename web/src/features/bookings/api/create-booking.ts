import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingSaveResult, BookingInput } from '@lp/domain/entities';
import { isSaved } from '@lp/domain/save-result';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { refreshAfterBookingsChanged } from '../../../api/bookings-changed';

export interface CreateBookingVariables {
  body: BookingInput;
  /** false stores the booking despite warnings (the user chose to ignore them). */
  checkForDuplicates: boolean;
  /** Check only, store nothing: the answer lists the errors and warnings a save would give. */
  dryRun?: boolean;
}

/** POST /api/transactions?checkForDuplicates=&dryRun=: a booking or an empty report; answers errors and warnings. */
export function createBooking({ body, checkForDuplicates, dryRun }: CreateBookingVariables) {
  return api.post<BookingSaveResult>(withQuery('/api/transactions', { checkForDuplicates, dryRun }), body);
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: (result) => {
      if (isSaved(result)) refreshAfterBookingsChanged(queryClient);
    },
  });
}
