// Route of the outbox (Postausgang, admins).
import type { RouteObject } from 'react-router';

export const mailRoutes: RouteObject[] = [
  {
    path: 'outbox',
    lazy: () => import('./components/outbox-page').then((m) => ({ Component: m.OutboxPage })),
  },
];
