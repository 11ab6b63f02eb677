import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderPlan, ReminderPreview } from '@lp/domain/reminder-plan';
import { api } from '../../../lib/api-client';

const PLAN_KEY = ['reminder-plan'] as const;
const PREVIEW_KEY = ['reminder-preview'] as const;

/** GET /api/reminders/plan (admins). */
export function useReminderPlan() {
  return useQuery({
    queryKey: PLAN_KEY,
    queryFn: ({ signal }) => api.get<ReminderPlan>('/api/reminders/plan', { signal }),
  });
}

/** PUT /api/reminders/plan: the whole plan (the pause switch sends it with `enabled` changed). */
export function useSaveReminderPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: ReminderPlan) => api.put<ReminderPlan>('/api/reminders/plan', plan),
    // The switch shows the choice itself (useChoiceWhileSaving); a refetch still under way would
    // put the old plan back over the saved one.
    onMutate: () => queryClient.cancelQueries({ queryKey: PLAN_KEY }),
    onSuccess: (plan) => {
      queryClient.setQueryData(PLAN_KEY, plan);
      void queryClient.invalidateQueries({ queryKey: PREVIEW_KEY });
    },
  });
}

/** GET /api/reminders/preview?date=: who would get which step on that day. */
export function useReminderPreview(date: string | null) {
  return useQuery({
    queryKey: [...PREVIEW_KEY, date],
    queryFn: ({ signal }) => api.get<ReminderPreview>(`/api/reminders/preview?date=${date}`, { signal }),
    enabled: date !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
