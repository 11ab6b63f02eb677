// Routes of the mail area (admins): the outbox (Postausgang) and the reminder plan (Erinnerungsplan).
import type { RouteObject } from 'react-router';

export const mailRoutes: RouteObject[] = [
  {
    path: 'outbox',
    lazy: () => import('./components/outbox-page').then((m) => ({ Component: m.OutboxPage })),
  },
  {
    path: 'outbox/reminders',
    lazy: () => import('./components/reminder-plan-page').then((m) => ({ Component: m.ReminderPlanPage })),
  },
];
