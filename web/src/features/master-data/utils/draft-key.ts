import { loadedVersionOf } from '../api/get-record';

/**
 * The draft key of a master-data form: the kind, the record (or 'new') and the version it was loaded
 * in, so that a draft never lands on a record someone has changed since.
 */
export function masterDataDraftKey(
  path: string,
  record: { id?: number; number?: number } | undefined,
): string {
  if (!record) return `${path}:new`;
  return `${path}:${record.number ?? record.id ?? ''}:${loadedVersionOf(record) ?? ''}`;
}
