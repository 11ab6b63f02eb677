import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Debitor } from '@lp/domain/entities';
import { api } from '../lib/api-client';
import { withQuery } from '../lib/query-string';
import { masterDataKeys } from './master-data-keys';

/**
 * GET /api/debitors[?onlyActive=true]: the customers in number order; the active ones for the booking
 * selects, all for the list filter and the master-data list.
 */
export function getDebitors(onlyActive: boolean, signal?: AbortSignal): Promise<Debitor[]> {
  return api.get<Debitor[]>(withQuery('/api/debitors', { onlyActive: onlyActive || undefined }), { signal });
}

export const debitorsQueryOptions = (onlyActive: boolean) =>
  queryOptions({
    queryKey: masterDataKeys.list('debitors', onlyActive),
    queryFn: ({ signal }) => getDebitors(onlyActive, signal),
  });

export function useDebitors({ onlyActive }: { onlyActive: boolean }) {
  return useQuery(debitorsQueryOptions(onlyActive));
}
