// The name an upload batch keeps of its file: what the browser sent, without any path, control or
// bidirectional characters, cut to the column's length; a nameless file gets a German placeholder.
import { FILE_NAME_MAX_LENGTH } from '@lp/domain/limits';
import { UPLOAD_BATCH_LABELS } from '@lp/domain/labels';

/**
 * Control characters (C0, DEL, C1) and the bidirectional controls, with which a name such as
 * "Rechnung\u202Egpj.csv" shows as "Rechnungvsc.jpg" in the upload list.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export function uploadFileName(sent: string | undefined): string {
  const name = (sent ?? '').replace(HIDDEN, '').split(/[\\/]/).pop()!.trim();
  return [...name].slice(0, FILE_NAME_MAX_LENGTH).join('') || UPLOAD_BATCH_LABELS.unnamedFile;
}
