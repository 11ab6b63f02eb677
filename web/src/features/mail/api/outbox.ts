import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxMail, OutboxPage } from '@lp/domain/mail';
import { api } from '../../../lib/api-client';

/** GET /api/mail/outbox?page= (admins), newest first. */
export function useOutbox(page: number) {
  return useQuery({
    queryKey: ['mail-outbox', page],
    queryFn: ({ signal }) => api.get<OutboxPage>(`/api/mail/outbox?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/mail/outbox/{id}: one mail with its text, fetched when it is opened. */
export function useOutboxMail(id: number | null) {
  return useQuery({
    queryKey: ['mail-outbox-mail', id],
    queryFn: ({ signal }) => api.get<OutboxMail>(`/api/mail/outbox/${id}`, { signal }),
    enabled: id !== null,
  });
}
