import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { queuedResponseSchema } from '@lp/domain/mail-requests';
import { api } from '../../../lib/api-client';

export type QueuedAnswer = z.output<typeof queuedResponseSchema>;

/**
 * POST /api/reporting-status/urgency-mail: the server writes one urgency mail per active creditor
 * whose `month` is missing, with the deadline filled in and its missing months named.
 */
export function useSendUrgencyMails() {
  return useMutation({
    mutationFn: (body: { month: string; deadline: string }) =>
      api.post<QueuedAnswer>('/api/reporting-status/urgency-mail', body),
  });
}
