// Route-level tests of a feature's screens: its real routes in a memory router under a signed-in
// user, with a fresh query client (no retries). Each feature's testing/ folder pairs this with a fake
// API of its own.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import type { User } from '@lp/domain/entities';
import { CurrentUserContext } from '../current-user';

export const admin: User = {
  id: 1,
  emailAddress: 'admin@example.org',
  isAdmin: true,
  isActive: true,
  creditorNumber: null,
};
export const supplier: User = {
  id: 2,
  emailAddress: 'lieferant@example.org',
  isAdmin: false,
  isActive: true,
  creditorNumber: 70001,
};

/** Renders `path` among `routes` (any other path shows "Andere Seite"); returns the router. */
export function renderRoutes(routes: RouteObject[], path: string, user: User = admin) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        HydrateFallback: () => null,
        element: (
          <CurrentUserContext value={user}>
            <Outlet />
          </CurrentUserContext>
        ),
        children: [...routes, { path: '*', element: <p>Andere Seite</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}
