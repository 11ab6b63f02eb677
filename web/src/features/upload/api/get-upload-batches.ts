import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { UploadBatch } from '@lp/domain/entities';
import { api } from '../../../lib/api-client';

/** The upload batches' cache key: an upload and an undo invalidate it. */
export const UPLOAD_BATCHES_KEY = ['upload-batches'] as const;

/** GET /api/uploads: the uploads the user may see (a supplier: its creditor's), newest first. */
export function getUploadBatches(signal?: AbortSignal): Promise<UploadBatch[]> {
  return api.get<UploadBatch[]>('/api/uploads', { signal });
}

export const uploadBatchesQueryOptions = () =>
  queryOptions({
    queryKey: UPLOAD_BATCHES_KEY,
    queryFn: ({ signal }) => getUploadBatches(signal),
    staleTime: 0,
  });

export function useUploadBatches({ enabled }: { enabled: boolean }) {
  return useQuery({ ...uploadBatchesQueryOptions(), enabled });
}

export function refreshUploadBatches(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: UPLOAD_BATCHES_KEY });
}
