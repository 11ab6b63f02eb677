import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export interface SentReminder {
  creditorNumber: number;
  month: string;
  workingDay: number;
  sentAt: string;
}

/** Creditor number → month → the reminders of the plan sent for it, in step order. */
export type SentRemindersByCreditor = ReadonlyMap<number, ReadonlyMap<string, readonly SentReminder[]>>;

export function groupSentReminders(rows: readonly SentReminder[]): SentRemindersByCreditor {
  const byCreditor = new Map<number, Map<string, SentReminder[]>>();
  for (const row of rows) {
    let months = byCreditor.get(row.creditorNumber);
    if (!months) byCreditor.set(row.creditorNumber, (months = new Map()));
    const list = months.get(row.month);
    if (list) list.push(row);
    else months.set(row.month, [row]);
  }
  return byCreditor;
}

/** GET /api/reminders/sent (admins): which reminders went out for the months shown. */
export function useSentReminders(range: { from: string; until: string }) {
  return useQuery({
    queryKey: ['reminders-sent', range.from, range.until],
    queryFn: ({ signal }) => api.get<SentReminder[]>(withQuery('/api/reminders/sent', range), { signal }),
    select: groupSentReminders,
  });
}
