import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatSorting, type Sorting } from '@lp/domain/booking-list-query';
import { FILE_NAMES } from '@lp/domain/file-names';
import { downloadCsvExport } from '../../../lib/download';
import { withQuery } from '../../../lib/query-string';
import { refreshAfterExport } from './export-bookings';

export interface ExportSelectedVariables {
  ids: readonly number[];
  sorting: Sorting;
}

/**
 * GET /api/transactions/export-selected?format=csv&items=1&items=2: the selected bookings as
 * Buchungen.csv; the server marks them exported. Resolves with the number exported, null when the download failed.
 */
export function exportSelectedBookings({ ids, sorting }: ExportSelectedVariables) {
  const path = withQuery('/api/transactions/export-selected', {
    format: 'csv',
    items: ids,
    sorting: formatSorting(sorting),
  });
  return downloadCsvExport(path, FILE_NAMES.bookings);
}

/** Exports the selection, then reloads the list: its rows now show as exported. */
export function useExportSelectedBookings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportSelectedBookings,
    onSettled: () => refreshAfterExport(queryClient),
  });
}
