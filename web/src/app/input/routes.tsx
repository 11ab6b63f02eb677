import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { INPUT_TABS } from './input-tabs';

/** Dateneingabe (/input/* with its tabs). */
export const inputRoutes: RouteObject[] = [
  {
    path: 'input',
    lazy: () => import('./input-page').then((m) => ({ Component: m.InputPage })),
    children: [
      { index: true, element: <Navigate to="/input/manual" replace /> },
      ...INPUT_TABS.map((tab): RouteObject => ({ path: tab.path, lazy: tab.loadPanel })),
    ],
  },
];
