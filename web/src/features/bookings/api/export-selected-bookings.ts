import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatSorting, type Sorting } from '@lp/domain/booking-list-query';
import { withQuery } from '../../../lib/query-string';
import { downloadBookingsExport, refreshAfterExport, type ExportFormat } from './export-bookings';

export interface ExportSelectedVariables {
  ids: readonly number[];
  sorting: Sorting;
  format?: ExportFormat;
}

/**
 * GET /api/transactions/export-selected?format=csv|xlsx&items=1&items=2: the selected bookings as
 * Buchungen.csv or Buchungen.xlsx; the server marks them exported. Resolves with the number exported, null when the download failed.
 */
export function exportSelectedBookings({ ids, sorting, format = 'csv' }: ExportSelectedVariables) {
  const path = withQuery('/api/transactions/export-selected', {
    format,
    items: ids,
    sorting: formatSorting(sorting),
  });
  return downloadBookingsExport(path, format);
}

/** Exports the selection, then reloads the list: its rows now show as exported. */
export function useExportSelectedBookings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportSelectedBookings,
    onSettled: () => refreshAfterExport(queryClient),
  });
}
