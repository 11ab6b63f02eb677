import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_FIELD_NAME, type UploadResult } from '@lp/domain/upload-columns';
import { withQuery } from '../../../lib/query-string';
import { postWithProgress, type UploadProgressOptions } from '../../../lib/upload-with-progress';
import { refreshAfterBookingsChanged } from '../../../api/bookings-changed';

export interface UploadBookingsVariables extends Omit<UploadProgressOptions, 'signal'> {
  file: File;
  /** false stores the bookings despite warnings (the user chose to ignore them). */
  checkForDuplicates: boolean;
}

/**
 * POST /api/upload?checkForDuplicates=: the file under uploads[], multipart; answers errors and
 * warnings with row numbers and the number of stored bookings.
 */
export function uploadBookings({ file, checkForDuplicates, onProgress, onSent }: UploadBookingsVariables) {
  const body = new FormData();
  body.append(UPLOAD_FIELD_NAME, file, file.name);
  return postWithProgress<UploadResult>(withQuery('/api/upload', { checkForDuplicates }), body, {
    onProgress,
    onSent,
  });
}

// The bookings list needs no invalidation here: it asks the server again on every visit (staleTime 0).
// A stored file is a new upload batch (Ihre letzten Uploads).
export function useUploadBookings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBookings,
    onSuccess: (result) => {
      if (result.count > 0) refreshAfterBookingsChanged(queryClient);
    },
  });
}
