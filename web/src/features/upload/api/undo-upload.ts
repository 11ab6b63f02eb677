import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshUploadBatches } from './get-upload-batches';

/**
 * DELETE /api/uploads/{id}: removes the upload's bookings, all or none (409 when one is exported).
 * The bookings list needs no invalidation: it asks the server again on every visit (staleTime 0).
 */
export function undoUpload(id: number): Promise<void> {
  return api.delete(`/api/uploads/${id}`);
}

export function useUndoUpload() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoUpload, onSettled: () => refreshUploadBatches(queryClient) });
}
