import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formatSorting } from '@lp/domain/booking-list-query';
import { FILE_NAMES } from '@lp/domain/file-names';
import { refreshAfterBookingsChanged } from '../../../api/bookings-changed';
import { refreshExportBatches } from '../../../api/get-export-batches';
import { downloadCsvExport, downloadXlsxExport } from '../../../lib/download';
import { withQuery } from '../../../lib/query-string';
import { filterQuery, type ListState } from '../utils/list-state';

/** The two files of a bookings export (decisions.md sections 6 and 14). */
export type ExportFormat = 'csv' | 'xlsx';

/** Downloads the export at `path` (its format in the query) and resolves with its row count. */
export function downloadBookingsExport(path: string, format: ExportFormat): Promise<number | null> {
  return format === 'xlsx'
    ? downloadXlsxExport(path, FILE_NAMES.bookingsXlsx)
    : downloadCsvExport(path, FILE_NAMES.bookings);
}

/**
 * GET /api/transactions/export?format=csv|xlsx&<filters>: every booking of the filter as Buchungen.csv
 * or Buchungen.xlsx, in the list's order; the server marks them exported. Resolves with the number
 * exported, null when the download failed.
 */
export function exportBookings({
  filter,
  sorting,
  format = 'csv',
}: Pick<ListState, 'filter' | 'sorting'> & { format?: ExportFormat }) {
  const path = withQuery('/api/transactions/export', {
    format,
    ...filterQuery(filter),
    sorting: formatSorting(sorting),
  });
  return downloadBookingsExport(path, format);
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
