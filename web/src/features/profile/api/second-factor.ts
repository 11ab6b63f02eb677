// The second factor of the signed-in user (decisions.md section 15): status, enrolment, confirmation
// and removal.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MfaEnrolment, MfaStatus } from '@lp/domain/mfa';
import { api } from '../../../lib/api-client';

export const SECOND_FACTOR_KEY = ['second-factor'] as const;

export function useSecondFactorStatus() {
  return useQuery({
    queryKey: SECOND_FACTOR_KEY,
    queryFn: ({ signal }) => api.get<MfaStatus>('/api/users/me/mfa', { signal }),
    staleTime: Infinity,
    // The enrolment gate waits for it: a failure lets the screens load at once (the server still
    // refuses what it must) instead of after the retries.
    retry: false,
  });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: () => api.post<MfaEnrolment>('/api/users/me/mfa') });
}

/**
 * The status is re-read only once the recovery codes are put away (useRefreshSecondFactor): the gate
 * of MFA_FOR_ADMINS=required opens on it, and the codes must be seen first.
 */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ recoveryCodes: string[] }>('/api/users/me/mfa/confirm', { code }),
  });
}

/** Re-reads the status (after the recovery codes were acknowledged, or a removal). */
export function useRefreshSecondFactor() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_KEY });
}

export function useRemoveSecondFactor() {
  const refresh = useRefreshSecondFactor();
  return useMutation({
    mutationFn: (proof: { password: string; code: string }) =>
      api.delete('/api/users/me/mfa', undefined, proof),
    onSuccess: refresh,
  });
}
