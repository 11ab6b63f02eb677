import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/**
 * GET /api/exports/{id}/file: the file of an export again, byte for byte, under the name it was
 * delivered with (Content-Disposition). Resolves false when the download failed.
 */
export function downloadExportBatch(id: number): Promise<boolean> {
  return downloadFile(`/api/exports/${id}/file`);
}

export function useDownloadExportBatch() {
  return useMutation({ mutationFn: downloadExportBatch });
}
