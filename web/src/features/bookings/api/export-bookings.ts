import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formatSorting } from '@lp/domain/booking-list-query';
import { FILE_NAMES } from '@lp/domain/file-names';
import { refreshAfterBookingsChanged } from '../../../api/bookings-changed';
import { refreshExportBatches } from '../../../api/get-export-batches';
import { downloadCsvExport } from '../../../lib/download';
import { withQuery } from '../../../lib/query-string';
import { filterQuery, type ListState } from '../utils/list-state';

/**
 * GET /api/transactions/export?format=csv&<filters>: every booking of the filter as Buchungen.csv, in
 * the list's order; the server marks them exported. Resolves with the number exported, null when the download failed.
 */
export function exportBookings({ filter, sorting }: Pick<ListState, 'filter' | 'sorting'>) {
  const path = withQuery('/api/transactions/export', {
    format: 'csv',
    ...filterQuery(filter),
    sorting: formatSorting(sorting),
  });
  return downloadCsvExport(path, FILE_NAMES.bookings);
}

/**
 * Reloads the bookings after an export: its rows now show as exported (committed before the file
 * ends); and the export batches, which have a new one.
 */
export function refreshAfterExport(queryClient: QueryClient): void {
  refreshAfterBookingsChanged(queryClient);
  refreshExportBatches(queryClient);
}

/** Exports the filtered bookings, then reloads the list. */
export function useExportBookings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportBookings,
    onSettled: () => refreshAfterExport(queryClient),
  });
}
