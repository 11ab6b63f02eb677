import { UPLOAD_FIELD_NAME } from '@lp/domain/upload-columns';
import type { UploadSheet } from '@lp/domain/upload-sheet';
import { api } from '../../../lib/api-client';

/**
 * POST /api/upload/sheet: the file's rows as text for the editable table, with the column mapping
 * this user chose before for its headers. Stores nothing.
 */
export function readUploadSheet(file: File, signal?: AbortSignal): Promise<UploadSheet> {
  const body = new FormData();
  body.append(UPLOAD_FIELD_NAME, file, file.name);
  return api.post<UploadSheet>('/api/upload/sheet', body, { signal });
}
