import type { RouteObject } from 'react-router';

/**
 * The bookings list and the booking edit form. The input screen (Dateneingabe), whose tabs are this
 * feature's and the upload's panels, is composed in app/input.
 */
export const bookingsRoutes: RouteObject[] = [
  {
    path: 'transactions',
    lazy: () => import('./components/list/bookings-page').then((m) => ({ Component: m.BookingsPage })),
  },
  {
    path: 'transactions/edit',
    lazy: () => import('./components/edit/edit-page').then((m) => ({ Component: m.EditPage })),
  },
];
