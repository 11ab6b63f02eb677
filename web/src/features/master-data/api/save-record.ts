import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MasterDataSaveResult } from '@lp/domain/entities';
import type { ValidationMessage } from '@lp/domain/messages';
import { isSaved } from '@lp/domain/save-result';
import { api } from '../../../lib/api-client';
import { auditKeys } from '../../../api/get-audit';
import { masterDataKeys, type ResourcePath } from '../../../api/master-data-keys';
import { ifMatch } from './get-record';

export interface SaveRecordVariables {
  /** Business number or user id of an existing record; null creates one. */
  key: number | null;
  body: unknown;
  /** The ETag the record was loaded with: sent as If-Match, a changed record is refused (412). */
  loadedVersion?: string;
}

/**
 * POST /api/<path> or PUT /api/<path>/<key>. Both answer {id, errors}, except the user update, which
 * answers the bare errors list (spec section 3); the result is the same shape either way.
 */
export async function saveRecord(
  path: ResourcePath,
  { key, body, loadedVersion }: SaveRecordVariables,
): Promise<MasterDataSaveResult> {
  if (key === null) return api.post<MasterDataSaveResult>(`/api/${path}`, body);
  const answer = await api.put<MasterDataSaveResult | ValidationMessage[]>(`/api/${path}/${key}`, body, {
    headers: ifMatch(loadedVersion),
  });
  return Array.isArray(answer) ? { id: key, errors: answer } : answer;
}

export function useSaveRecord(path: ResourcePath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SaveRecordVariables) => saveRecord(path, variables),
    onSuccess: (result) => {
      if (isSaved(result)) {
        void queryClient.invalidateQueries({ queryKey: auditKeys.all });
        return queryClient.invalidateQueries({ queryKey: masterDataKeys.resource(path) });
      }
    },
  });
}
