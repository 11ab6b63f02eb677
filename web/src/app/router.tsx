// The route table.
//
// HOW A SCREEN REGISTERS ITS ROUTES: each feature exports its route objects from
// web/src/features/<name>/routes.tsx, e.g.
//
//   export const managementRoutes: RouteObject[] = [
//     { path: 'management', lazy: () => import('./components/hub-page').then((m) => ({ Component: m.HubPage })) },
//   ];
//
// and adds them to exactly one of the two arrays below: PUBLIC_ROUTES (no sign-in needed) or
// PROTECTED_ROUTES (the signed-in area: the session is checked before the screen loads, and
// useCurrentUser() gives the user). Paths are relative (no leading slash) and load their screen with
// `lazy`, so every screen is its own chunk and is fetched on first visit only. Features do not import
// each other (a lint rule holds it): a screen made of several features' parts is composed here in
// app/ and registers the same way (app/input: Dateneingabe).
import type { RouteObject } from 'react-router';
import { createBrowserRouter, Navigate } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { bookingsRoutes } from '../features/bookings/routes';
import { exportBatchesRoutes } from '../features/export-batches/routes';
import { mailRoutes } from '../features/mail/routes';
import { masterDataRoutes } from '../features/master-data/routes';
import { profileRoutes } from '../features/profile/routes';
import { reportingStatusRoutes } from '../features/reporting-status/routes';
import { requireSession } from '../lib/session-loaders';
import { inputRoutes } from './input/routes';
import { AppShell } from './shell/app-shell';
import { InitialLoading } from './shell/initial-loading';
import { NotFoundPage } from './shell/not-found-page';
import { ProtectedLayout } from './shell/protected-layout';
import { RouteErrorPage } from './shell/route-error-page';

const PUBLIC_ROUTES: RouteObject[] = [...authRoutes];

const PROTECTED_ROUTES: RouteObject[] = [
  ...inputRoutes,
  ...bookingsRoutes,
  ...exportBatchesRoutes,
  ...reportingStatusRoutes,
  ...masterDataRoutes,
  ...mailRoutes,
  ...profileRoutes,
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    HydrateFallback: InitialLoading,
    // The shell itself failing: nothing better than the bare error page.
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // Errors of a screen render inside the shell, so menu and footer stay usable.
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, element: <Navigate to="/login" replace /> },
          ...PUBLIC_ROUTES,
          {
            Component: ProtectedLayout,
            loader: requireSession,
            // Check the session whenever the screen changes, not only when the area is first entered.
            // Not when only the query changes (filter, sort, page): a loader makes the navigation
            // asynchronous, and a filter box clicked meanwhile would flip back (lost clicks).
            shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
            children: [...PROTECTED_ROUTES, { path: '*', Component: NotFoundPage }],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
