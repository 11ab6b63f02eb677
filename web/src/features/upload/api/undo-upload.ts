import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAfterBookingsChanged } from '../../../api/bookings-changed';

/**
 * DELETE /api/uploads/{id}: removes the upload's bookings, all or none (409 when one is exported).
 */
export function undoUpload(id: number): Promise<void> {
  return api.delete(`/api/uploads/${id}`);
}

export function useUndoUpload() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoUpload, onSettled: () => refreshAfterBookingsChanged(queryClient) });
}
