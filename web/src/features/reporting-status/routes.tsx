// Route of the reporting status (Meldestatus, everyone): admins the matrix, a supplier its months.
import type { RouteObject } from 'react-router';

export const reportingStatusRoutes: RouteObject[] = [
  {
    path: 'status',
    lazy: () =>
      import('./components/reporting-status-page').then((m) => ({ Component: m.ReportingStatusPage })),
  },
];
