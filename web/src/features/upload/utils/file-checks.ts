// Checks of a chosen file that need no server: they spare the user a long transfer that can only fail.
import { UPLOAD_MAX_BYTES } from '@lp/domain/limits';
import { UPLOAD_MESSAGES, UPLOAD_UI_MESSAGES } from '@lp/domain/messages';

/** Why the chosen files cannot be uploaded, or null when there is exactly one small enough file. */
export function refusalOf(files: readonly File[]): string | null {
  const [file] = files;
  if (!file) return UPLOAD_MESSAGES.noFile;
  if (files.length > 1) return UPLOAD_MESSAGES.tooManyFiles;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.fileTooLarge(UPLOAD_MAX_BYTES / (1024 * 1024));
  return null;
}

/**
 * Null when the file can still be read. A file changed, moved or deleted on disk after it was chosen
 * can no longer be read (the browser would fail the upload with a bare network error).
 */
export function unreadableFile(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(null);
    reader.onerror = () => resolve(UPLOAD_UI_MESSAGES.fileUnreadable);
    reader.readAsArrayBuffer(file.slice(0, 1));
  });
}
