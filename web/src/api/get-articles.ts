import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Article } from '@lp/domain/entities';
import { api } from '../lib/api-client';
import { withQuery } from '../lib/query-string';
import { masterDataKeys } from './master-data-keys';

/**
 * GET /api/articles[?onlyActive=true]: in number order; the active ones for the booking selects, all
 * for the list filter and the master-data list.
 */
export function getArticles(onlyActive: boolean, signal?: AbortSignal): Promise<Article[]> {
  return api.get<Article[]>(withQuery('/api/articles', { onlyActive: onlyActive || undefined }), { signal });
}

export const articlesQueryOptions = (onlyActive: boolean) =>
  queryOptions({
    queryKey: masterDataKeys.list('articles', onlyActive),
    queryFn: ({ signal }) => getArticles(onlyActive, signal),
  });

export function useArticles({ onlyActive }: { onlyActive: boolean }) {
  return useQuery(articlesQueryOptions(onlyActive));
}
