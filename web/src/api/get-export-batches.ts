import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ExportBatch } from '@lp/domain/entities';
import { api } from '../lib/api-client';

/** The export batches' cache key: the Exporte screen reads it, every bookings export invalidates it. */
export const EXPORT_BATCHES_KEY = ['export-batches'] as const;

/** GET /api/exports (admins): every booking export, newest first. */
export function getExportBatches(signal?: AbortSignal): Promise<ExportBatch[]> {
  return api.get<ExportBatch[]>('/api/exports', { signal });
}

export const exportBatchesQueryOptions = () =>
  queryOptions({
    queryKey: EXPORT_BATCHES_KEY,
    queryFn: ({ signal }) => getExportBatches(signal),
    staleTime: 0,
  });

export function useExportBatches() {
  return useQuery(exportBatchesQueryOptions());
}

/** After an export: its batch is new. */
export function refreshExportBatches(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: EXPORT_BATCHES_KEY });
}
