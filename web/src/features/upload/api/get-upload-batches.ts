import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadBatch } from '@lp/domain/entities';
import { UPLOAD_BATCHES_KEY } from '../../../api/bookings-changed';
import { api } from '../../../lib/api-client';

/** How many uploads the upload tab lists. */
export const RECENT_UPLOADS = 10;

/**
 * GET /api/uploads?limit=…: the newest uploads, newest first; with `mine`, those of the signed-in
 * user, otherwise every upload the user may see (a supplier: its creditor's; an admin: all).
 */
export function getRecentUploads(mine: boolean, signal?: AbortSignal): Promise<UploadBatch[]> {
  const query = mine ? `mine=true&limit=${RECENT_UPLOADS}` : `limit=${RECENT_UPLOADS}`;
  return api.get<UploadBatch[]>(`/api/uploads?${query}`, { signal });
}

export const recentUploadsQueryOptions = (mine: boolean) =>
  queryOptions({
    // Under UPLOAD_BATCHES_KEY, so that a change of the bookings refreshes both lists.
    queryKey: [...UPLOAD_BATCHES_KEY, { mine }],
    queryFn: ({ signal }) => getRecentUploads(mine, signal),
    staleTime: 0,
  });

export function useRecentUploads(mine: boolean) {
  return useQuery(recentUploadsQueryOptions(mine));
}
