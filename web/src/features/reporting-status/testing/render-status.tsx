// Route-level tests of the reporting status: the real route in a memory router, a signed-in user and
// a fake API answering by path (query left aside; every call is recorded with its full URL).
import { vi } from 'vitest';
import type { User } from '@lp/domain/entities';
import { admin, renderRoutes } from '../../../lib/testing/render-routes';
import { reportingStatusRoutes } from '../routes';

export { admin, supplier } from '../../../lib/testing/render-routes';

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
  return renderRoutes(reportingStatusRoutes, path, user);
}
