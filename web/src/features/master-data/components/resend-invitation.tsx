import { useMutation } from '@tanstack/react-query';
import type { User } from '@lp/domain/entities';
import { MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { Alert } from '../../../components/ui/alert';
import { api } from '../../../lib/api-client';

/**
 * "Einladung erneut senden" (POST /api/users/{id}/invitation, decisions.md section 13): a new link to
 * set the password, valid 7 days, for an active stored user who lost or never used the first one.
 */
export function ResendInvitation({ user }: { user: User }) {
  const send = useMutation({
    mutationFn: () => api.post<{ message: string }>(`/api/users/${user.id}/invitation`),
  });
  if (!user.isActive) return null;
  return (
    <div className="resend-invitation">
      <button
        type="button"
        className="button button--secondary"
        disabled={send.isPending}
        onClick={() => send.mutate()}
      >
        {L.resendInvitation}
      </button>
      {send.isSuccess && (
        <Alert variant="success" onDismiss={send.reset}>
          <p>{send.data.message}</p>
        </Alert>
      )}
      {send.isError && (
        <Alert variant="error" onDismiss={send.reset}>
          <p>{send.error.message}</p>
        </Alert>
      )}
    </div>
  );
}
