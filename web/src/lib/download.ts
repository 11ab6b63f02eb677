// File downloads (exports, templates) need the bearer token, so they are fetched and handed to the
// browser as a Blob; a token in a URL would end up in logs and the history.
import { countCsvRecords } from '@lp/domain/csv';
import { apiFetch } from './api-client';
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
  try {
    const response = await apiFetch(path, { headers: { Accept: '*/*' } });
    const blob = await response.blob();
    const name =
      fileName ?? fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? 'download';
    saveBlob(blob, name);
    return blob;
  } catch (error) {
    console.error('could not download file', error);
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
