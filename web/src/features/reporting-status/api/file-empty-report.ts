import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emptyReportCandidate, toBookingInput } from '@lp/domain/booking.schema';
import type { BookingSaveResult } from '@lp/domain/entities';
import { monthStart, type Month } from '@lp/domain/reporting-status';
import { isSaved } from '@lp/domain/save-result';
import { api } from '../../../lib/api-client';
import { refreshAfterBookingsChanged } from '../../../api/bookings-changed';

export interface EmptyReportVariables {
  month: Month;
  creditorNumber: number;
}

/**
 * POST /api/transactions: the empty report of a month, with the fixed values of spec section 9 the
 * input tab's Leermeldung posts too (the server checks the month like there).
 */
export function fileEmptyReport({ month, creditorNumber }: EmptyReportVariables) {
  const body = toBookingInput(emptyReportCandidate(monthStart(month), creditorNumber));
  return api.post<BookingSaveResult>('/api/transactions?checkForDuplicates=true', body);
}

/** Files the empty report and reloads the status, so the month turns into `empty` at once. */
export function useFileEmptyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileEmptyReport,
    onSuccess: (result) => {
      if (isSaved(result)) refreshAfterBookingsChanged(queryClient);
    },
  });
}
