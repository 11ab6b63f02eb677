// Route-level tests of the master-data screens: the real routes in a memory router, a signed-in user,
// and a fake API answering by "METHOD /path".
import { vi } from 'vitest';
import type { User } from '@lp/domain/entities';
import { admin, renderRoutes } from '../../../lib/testing/render-routes';
import { masterDataRoutes } from '../routes';

export { admin, supplier } from '../../../lib/testing/render-routes';

type Answer = { status?: number; body?: unknown } | ((body: unknown) => { status?: number; body?: unknown });

export interface FakeApi {
  calls: { method: string; path: string; body: unknown }[];
}

/** Stubs fetch: `answers['POST /api/articles']` answers that call; anything else is a 404. */
export function fakeApi(answers: Record<string, Answer>): FakeApi {
  const api: FakeApi = { calls: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      api.calls.push({ method, path, body });
      const answer = answers[`${method} ${path}`];
      const { status = 200, body: answerBody } =
        typeof answer === 'function' ? answer(body) : (answer ?? { status: 404, body: { errors: [] } });
      return new Response(answerBody === undefined ? null : JSON.stringify(answerBody), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return api;
}

export function renderRoute(path: string, user: User = admin) {
  return renderRoutes(masterDataRoutes, path, user);
}
