import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Debitor } from '@lp/domain/entities';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

/** GET /api/debitors[?onlyActive=true]: the customers for the booking selects and the list filter. */
export function getDebitors(onlyActive: boolean, signal?: AbortSignal): Promise<Debitor[]> {
  return api.get<Debitor[]>(withQuery('/api/debitors', { onlyActive: onlyActive || undefined }), { signal });
}

export const debitorsQueryOptions = (onlyActive: boolean) =>
  queryOptions({
    queryKey: ['debitors', 'list', { onlyActive }],
    queryFn: ({ signal }) => getDebitors(onlyActive, signal),
  });

export function useDebitors({ onlyActive }: { onlyActive: boolean }) {
  return useQuery(debitorsQueryOptions(onlyActive));
}
