import type { QueryClient } from '@tanstack/react-query';
import { masterDataKeys } from './master-data-keys';

/** The bookings' cache key: the list's pages and single bookings. */
export const BOOKINGS_KEY = ['transactions'] as const;
/** The Meldestatus: which months each creditor has reported. */
export const REPORTING_STATUS_KEY = ['reporting-status'] as const;
/** The upload batches, with the count, net sum and export state of the bookings each still holds. */
export const UPLOAD_BATCHES_KEY = ['upload-batches'] as const;

/**
 * After bookings were stored, changed, deleted, uploaded, undone or exported: everything shown from
 * them is stale, not only the list. The Meldestatus shows a month reported, the creditors' list the
 * last booking, the upload list its counts. Each reloads now if shown, else when next shown; before,
 * an admin who uploaded a month and opened the Meldestatus saw it missing for up to 30 s.
 */
export function refreshAfterBookingsChanged(queryClient: QueryClient): void {
  for (const queryKey of [
    BOOKINGS_KEY,
    REPORTING_STATUS_KEY,
    UPLOAD_BATCHES_KEY,
    masterDataKeys.lists('creditors'),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
