import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadBatch } from '@lp/domain/entities';
import { UPLOAD_BATCHES_KEY } from '../../../api/bookings-changed';
import { api } from '../../../lib/api-client';

/** How many of the user's own uploads the upload tab lists. */
export const RECENT_UPLOADS = 10;

/**
 * GET /api/uploads?mine=true&limit=…: the newest uploads of the signed-in user (for a supplier within
 * its creditor), newest first.
 */
export function getRecentUploads(signal?: AbortSignal): Promise<UploadBatch[]> {
  return api.get<UploadBatch[]>(`/api/uploads?mine=true&limit=${RECENT_UPLOADS}`, { signal });
}

export const recentUploadsQueryOptions = () =>
  queryOptions({
    queryKey: UPLOAD_BATCHES_KEY,
    queryFn: ({ signal }) => getRecentUploads(signal),
    staleTime: 0,
  });

export function useRecentUploads() {
  return useQuery(recentUploadsQueryOptions());
}
