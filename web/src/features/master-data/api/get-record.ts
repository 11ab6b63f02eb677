import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { masterDataKeys, type ResourcePath } from '../../../api/master-data-keys';

/** GET /api/<path>/<key>: articles, creditors, debitors by business number, users by id. */
export function recordQuery<T>(path: ResourcePath, key: number) {
  return queryOptions({
    queryKey: masterDataKeys.record(path, key),
    queryFn: ({ signal }) => api.get<T>(`/api/${path}/${key}`, { signal }),
  });
}

/** The record of an edit page; nothing is loaded for a new one (key null). */
export function useRecord<T>(path: ResourcePath, key: number | null) {
  return useQuery({ ...recordQuery<T>(path, key ?? 0), enabled: key !== null });
}
