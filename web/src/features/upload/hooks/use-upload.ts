import { useCallback, useReducer } from 'react';
import type { UploadResult } from '@lp/domain/upload-columns';
import { ApiError } from '../../../lib/api-error';
import { useUploadBookings } from '../api/upload-bookings';
import { refusalOf, unreadableFile } from '../utils/file-checks';
import { INITIAL_UPLOAD_STATE, uploadReducer } from '../utils/upload-state';

/** The upload tab's state and its actions: choose a file, upload it, and hear of an undone upload. */
export function useUpload() {
  const [state, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD_STATE);
  const { mutateAsync } = useUploadBookings();

  const choose = useCallback((files: readonly File[]) => {
    const refusal = refusalOf(files);
    if (refusal) dispatch({ type: 'refused', message: refusal });
    else dispatch({ type: 'chosen', file: files[0] as File });
  }, []);

  const upload = useCallback(
    async (checkForDuplicates: boolean) => {
      const { file } = state;
      if (!file) return;
      const unreadable = await unreadableFile(file);
      if (unreadable) {
        dispatch({ type: 'refused', message: unreadable });
        return;
      }
      dispatch({ type: 'started' });
      try {
        const result = await mutateAsync({
          file,
          checkForDuplicates,
          onProgress: (loaded, total) => dispatch({ type: 'progressed', loaded, total }),
          onSent: () => dispatch({ type: 'sent' }),
        });
        dispatch({ type: 'answered', result });
      } catch (error) {
        dispatch({ type: 'failed', message: failureMessage(error) });
      }
    },
    [state, mutateAsync],
  );

  const undone = useCallback(() => dispatch({ type: 'undone' }), []);

  /** The rows corrected in the table were stored: the answer of the file, as if it had been uploaded so. */
  const imported = useCallback((result: UploadResult) => dispatch({ type: 'answered', result }), []);

  return { state, choose, upload, undone, imported };
}

/**
 * A refusal of the whole file (413 too large, 400 no or several files, 403) in the server's words.
 * A 401 has signed the user out, and a lost connection or a server error has shown the shell's notice.
 */
function failureMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 401)
    return null;
  return error.errors[0]?.message ?? error.message;
}
