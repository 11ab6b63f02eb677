import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { masterDataKeys, type ResourcePath } from '../../../api/master-data-keys';

/**
 * The ETag each loaded record came with: the save and the delete send it back as If-Match, and the
 * server refuses them (412) when someone else has changed the record since (docs/decisions/0046).
 */
const loadedVersions = new WeakMap<object, string>();

/** The ETag the record was loaded with; undefined for a record not loaded by recordQuery. */
export function loadedVersionOf(record: object): string | undefined {
  return loadedVersions.get(record);
}

/** The If-Match header of a save or delete of a record loaded with that ETag; none without one. */
export function ifMatch(loadedVersion: string | undefined): Record<string, string> | undefined {
  return loadedVersion === undefined ? undefined : { 'If-Match': loadedVersion };
}

/** GET /api/<path>/<key>: articles, creditors, debitors by business number, users by id. */
export function recordQuery<T>(path: ResourcePath, key: number) {
  return queryOptions({
    queryKey: masterDataKeys.record(path, key),
    queryFn: async ({ signal }) => {
      const response = await apiFetch(`/api/${path}/${key}`, { signal });
      const record = (await response.json()) as T & object;
      const etag = response.headers.get('etag');
      if (etag) loadedVersions.set(record, etag);
      return record;
    },
    // A reload of unchanged values after a save is a new version: it must not keep the old object,
    // whose ETag the map holds.
    structuralSharing: false,
  });
}

/** The record of an edit page; nothing is loaded for a new one (key null). */
export function useRecord<T>(path: ResourcePath, key: number | null) {
  return useQuery({ ...recordQuery<T>(path, key ?? 0), enabled: key !== null });
}
