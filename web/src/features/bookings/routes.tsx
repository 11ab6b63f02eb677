import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { INPUT_TABS } from './components/input/input-tabs';

/** Dateneingabe (/input/* with its tabs), the bookings list and the booking edit form. */
export const bookingsRoutes: RouteObject[] = [
  {
    path: 'input',
    lazy: () => import('./components/input/input-page').then((m) => ({ Component: m.InputPage })),
    children: [
      { index: true, element: <Navigate to="/input/manual" replace /> },
      ...INPUT_TABS.map((tab): RouteObject => ({ path: tab.path, lazy: tab.loadPanel })),
    ],
  },
  {
    path: 'transactions',
    lazy: () => import('./components/list/bookings-page').then((m) => ({ Component: m.BookingsPage })),
  },
  {
    path: 'transactions/edit',
    lazy: () => import('./components/edit/edit-page').then((m) => ({ Component: m.EditPage })),
  },
];
