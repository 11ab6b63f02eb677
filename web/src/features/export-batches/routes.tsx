// Route of the export batches (Exporte, admins): every booking export with its file again.
import type { RouteObject } from 'react-router';

export const exportBatchesRoutes: RouteObject[] = [
  {
    path: 'exports',
    lazy: () => import('./components/export-batches-page').then((m) => ({ Component: m.ExportBatchesPage })),
  },
];
