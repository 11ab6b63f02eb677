import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { masterDataKeys, type ResourcePath } from '../../../api/master-data-keys';
import { ifMatch } from './get-record';

export interface DeleteRecordVariables {
  key: number;
  /** The ETag the record was loaded with: sent as If-Match, a changed record is not deleted (412). */
  loadedVersion?: string;
}

/**
 * DELETE /api/<path>/<key>. A referenced record is refused with 409 and the German reasons
 * (decisions.md section 7), a record changed since it was loaded with 412; the mutation then fails
 * with that ApiError. The lists are refreshed; the deleted record's cache entry is the edit page's to
 * drop once it has left (it still observes it).
 */
export function useDeleteRecord(path: ResourcePath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, loadedVersion }: DeleteRecordVariables) =>
      api.delete(`/api/${path}/${key}`, { headers: ifMatch(loadedVersion) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataKeys.lists(path) }),
  });
}
