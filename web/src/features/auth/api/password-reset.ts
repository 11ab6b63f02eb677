import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/password-reset: always 202 with the same German text. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (emailAddress: string) =>
      api.post<{ message: string }>('/api/password-reset', { emailAddress }),
  });
}

/** POST /api/password-reset/confirm: the link's token and the new password. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post<{ message: string }>('/api/password-reset/confirm', body),
  });
}
