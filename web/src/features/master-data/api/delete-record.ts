import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { masterDataKeys, type ResourcePath } from '../../../api/master-data-keys';

/**
 * DELETE /api/<path>/<key>. A referenced record is refused with 409 and the German reasons
 * (decisions.md section 7); the mutation then fails with that ApiError. The lists are refreshed; the
 * deleted record's cache entry is the edit page's to drop once it has left (it still observes it).
 */
export function useDeleteRecord(path: ResourcePath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: number) => api.delete(`/api/${path}/${key}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataKeys.lists(path) }),
  });
}
