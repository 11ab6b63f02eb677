import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Article } from '@lp/domain/entities';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

/** GET /api/articles[?onlyActive=true]: the articles for the booking selects and the list filter. */
export function getArticles(onlyActive: boolean, signal?: AbortSignal): Promise<Article[]> {
  return api.get<Article[]>(withQuery('/api/articles', { onlyActive: onlyActive || undefined }), { signal });
}

export const articlesQueryOptions = (onlyActive: boolean) =>
  queryOptions({
    queryKey: ['articles', 'list', { onlyActive }],
    queryFn: ({ signal }) => getArticles(onlyActive, signal),
  });

export function useArticles({ onlyActive }: { onlyActive: boolean }) {
  return useQuery(articlesQueryOptions(onlyActive));
}
