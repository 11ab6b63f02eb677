// Route-level tests of the reporting status: the real route in a memory router, a signed-in user and
// a fake API answering by path (query left aside; every call is recorded with its full URL).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { User } from '@lp/domain/entities';
import { CurrentUserContext } from '../../../lib/current-user';
import { reportingStatusRoutes } from '../routes';

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

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}
type Answer = (call: Call) => { status?: number; body?: unknown };

/** Stubs fetch: `answers['GET /api/reporting-status']` answers that path; anything else is a 404. */
export function fakeApi(answers: Record<string, Answer>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const url = new URL(path, 'http://localhost');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method, url, body };
      calls.push(call);
      const answer = answers[`${method} ${url.pathname}`];
      const { status = 200, body: answerBody } = answer
        ? answer(call)
        : { status: 404, body: { errors: [] } };
      return new Response(JSON.stringify(answerBody ?? null), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function renderStatus(path: string, user: User = admin) {
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
        children: [...reportingStatusRoutes, { path: '*', element: <p>Andere Seite</p> }],
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
