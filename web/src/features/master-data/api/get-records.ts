import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { masterDataKeys, type ResourcePath } from './query-keys';

/**
 * GET /api/<path>: the whole list in number order (users by e-mail address); `onlyActive` asks the
 * server for the active records only (decisions.md section 2).
 */
export function recordsQuery<T>(path: ResourcePath, { onlyActive = false } = {}) {
  return queryOptions({
    queryKey: masterDataKeys.list(path, onlyActive),
    queryFn: ({ signal }) =>
      api.get<T[]>(withQuery(`/api/${path}`, { onlyActive: onlyActive || undefined }), { signal }),
  });
}

export function useRecords<T>(path: ResourcePath, options?: { onlyActive?: boolean }) {
  return useQuery(recordsQuery<T>(path, options));
}
