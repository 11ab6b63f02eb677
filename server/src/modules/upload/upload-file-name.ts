// The name an upload batch keeps of its file: what the browser sent, without any path or control
// characters, cut to the column's length; a nameless file gets a German placeholder.
import { FILE_NAME_MAX_LENGTH } from '@lp/domain/limits';
import { UPLOAD_BATCH_LABELS } from '@lp/domain/labels';

export function uploadFileName(sent: string | undefined): string {
  const name = [...(sent ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .split(/[\\/]/)
    .pop()!
    .trim();
  return [...name].slice(0, FILE_NAME_MAX_LENGTH).join('') || UPLOAD_BATCH_LABELS.unnamedFile;
}
