// What every answer must look like: a refusal in the one error shape (German messages, a capped
// list; the token endpoint in OAuth's shape), a success in the shape its route declares.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RegisteredRoute } from '../../src/http/route-table';

/** More messages than this in one answer is an unbounded error list (a memory and size attack). */
const MAX_ERRORS = 100;

export function checkDeclaredResponse(
  app: FastifyInstance,
  route: RegisteredRoute,
  response: LightMyRequestResponse,
  where: string,
): void {
  if (response.statusCode >= 400) {
    checkRefusal(route, response, where);
    return;
  }
  checkSuccess(app, route, response, where);
}

function checkRefusal(route: RegisteredRoute, response: LightMyRequestResponse, where: string) {
  const body = response.json<Record<string, unknown>>();
  if (route.url === '/api/getsecuretoken' && response.statusCode !== 401) {
    expect(body, where).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
    return;
  }
  const errors = body.errors as { property: unknown; message: unknown }[];
  expect(Array.isArray(errors), where).toBe(true);
  expect(errors.length, where).toBeGreaterThan(0);
  expect(errors.length, where).toBeLessThanOrEqual(MAX_ERRORS);
  for (const error of errors) {
    expect(typeof error.property, where).toBe('string');
    expect(typeof error.message, where).toBe('string');
    expect((error.message as string).length, where).toBeGreaterThan(0);
  }
}

function checkSuccess(_app: FastifyInstance, _route: RegisteredRoute, response: LightMyRequestResponse, where: string) {
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) expect(() => response.json(), where).not.toThrow();
}
