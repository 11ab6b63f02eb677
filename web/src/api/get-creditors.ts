import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Creditor } from '@lp/domain/entities';
import { api } from '../lib/api-client';
import { withQuery } from '../lib/query-string';
import { masterDataKeys } from './master-data-keys';

/**
 * GET /api/creditors[?onlyActive=true]: admins get every creditor (for the selects, the list filter
 * and the master-data list), a supplier only its own (shown as text on the forms).
 */
export function getCreditors(onlyActive: boolean, signal?: AbortSignal): Promise<Creditor[]> {
  return api.get<Creditor[]>(withQuery('/api/creditors', { onlyActive: onlyActive || undefined }), {
    signal,
  });
}

export const creditorsQueryOptions = (onlyActive: boolean) =>
  queryOptions({
    queryKey: masterDataKeys.list('creditors', onlyActive),
    queryFn: ({ signal }) => getCreditors(onlyActive, signal),
  });

export function useCreditors({ onlyActive, enabled = true }: { onlyActive: boolean; enabled?: boolean }) {
  return useQuery({ ...creditorsQueryOptions(onlyActive), enabled });
}
