// File downloads (exports, templates) need the bearer token, so they are fetched and handed to the
// browser as a Blob; a token in a URL would end up in logs and the history.
import { countCsvRecords } from '@lp/domain/csv';
import type { ExportBatch } from '@lp/domain/entities';
import { EXPORT_BATCH_HEADER } from '@lp/domain/file-names';
import { api, apiFetch } from './api-client';
import { fileNameFromContentDisposition } from './content-disposition';

/**
 * Downloads `path` and saves it as `fileName` (else the server's Content-Disposition name).
 * Resolves true when the file was handed to the browser, false on failure (logged, as the spec says;
 * a 5xx or lost connection also shows the API client's notice).
 */
export async function downloadFile(path: string, fileName?: string): Promise<boolean> {
  return (await downloadFileBlob(path, fileName)) !== null;
}

/** downloadFile that resolves with the file handed to the browser (null on failure), to read it. */
export async function downloadFileBlob(path: string, fileName?: string): Promise<Blob | null> {
  return (await downloadFileResponse(path, fileName))?.blob ?? null;
}

/** downloadFileBlob that also gives the answer's headers. */
async function downloadFileResponse(
  path: string,
  fileName?: string,
): Promise<{ blob: Blob; headers: Headers } | null> {
  try {
    const response = await apiFetch(path, { headers: { Accept: '*/*' } });
    const blob = await response.blob();
    const name =
      fileName ?? fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? 'download';
    saveBlob(blob, name);
    return { blob, headers: response.headers };
  } catch (error) {
    console.error('could not download file', error);
    return null;
  }
}

/**
 * Downloads an xlsx export and resolves with the number of its rows, or null on failure: the count of
 * the export batch the answer names (none when nothing was exported).
 */
export async function downloadXlsxExport(path: string, fileName: string): Promise<number | null> {
  const downloaded = await downloadFileResponse(path, fileName);
  if (downloaded === null) return null;
  const batchId = Number(downloaded.headers.get(EXPORT_BATCH_HEADER));
  if (!Number.isInteger(batchId) || batchId <= 0) return 0;
  try {
    const batches = await api.get<ExportBatch[]>('/api/exports');
    return batches.find((batch) => batch.id === batchId)?.count ?? 0;
  } catch {
    return null;
  }
}

/**
 * Downloads a CSV export and resolves with the number of its data records, or null on failure: the
 * count the success message names.
 */
export async function downloadCsvExport(path: string, fileName: string): Promise<number | null> {
  const blob = await downloadFileBlob(path, fileName);
  return blob === null ? null : countCsvRecords(await blob.text());
}

/** Offers a Blob to the user as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
