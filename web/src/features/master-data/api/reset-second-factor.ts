// An admin's reset of another user's second factor (DELETE /api/users/:id/mfa, decisions.md §15).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '../../../api/get-audit';
import { api } from '../../../lib/api-client';

export function useResetSecondFactor(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ removed: boolean }>(`/api/users/${userId}/mfa`),
    // The reset is in the user's history now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.record('user', userId) }),
  });
}
