import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadResult } from '@lp/domain/upload-columns';
import type { UploadSheetRow } from '@lp/domain/upload-sheet';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { refreshAfterBookingsChanged } from '../../../api/bookings-changed';

export interface UploadRowsVariables {
  fileName: string;
  rows: UploadSheetRow[];
  checkForDuplicates: boolean;
  /** true: checked only ("Erneut prüfen"), nothing stored. */
  dryRun: boolean;
}

/**
 * POST /api/upload/rows: the corrected rows of a file, with the rules, answers, batch and undo of
 * the file upload (decisions.md section 14).
 */
export function uploadRows({ fileName, rows, checkForDuplicates, dryRun }: UploadRowsVariables) {
  return api.post<UploadResult>(withQuery('/api/upload/rows', { checkForDuplicates, dryRun }), {
    fileName,
    rows,
  });
}

export function useUploadRows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRows,
    onSuccess: (result) => {
      if (result.count > 0) refreshAfterBookingsChanged(queryClient);
    },
  });
}
