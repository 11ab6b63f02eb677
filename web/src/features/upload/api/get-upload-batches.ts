import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadBatch } from '@lp/domain/entities';
import { UPLOAD_BATCHES_KEY } from '../../../api/bookings-changed';
import { api } from '../../../lib/api-client';

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
