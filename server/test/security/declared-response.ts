// What every answer must look like: a refusal in the one error shape (German messages, a capped
// list; the token endpoint in OAuth's shape), a success in the shape its route declares.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { DOCS_PREFIX } from '../../src/http/openapi';
import type { RegisteredRoute } from '../../src/http/route-table';

/** More messages than this in one answer is an unbounded error list (a memory and size attack). */
const MAX_ERRORS = 100;

export function checkDeclaredResponse(
  app: FastifyInstance,
  route: RegisteredRoute,
  response: LightMyRequestResponse,
  where: string,
): void {
  if (route.method === 'HEAD') return; // no body to check
  if (response.statusCode >= 400) {
    checkRefusal(route, response, where);
    return;
  }
  checkSuccess(app, route, response, where);
}

function checkRefusal(route: RegisteredRoute, response: LightMyRequestResponse, where: string) {
  const body = response.json<Record<string, unknown>>();
  // The token endpoint answers a form it cannot use in OAuth's shape (RFC 6749 section 5.2).
  if ('error' in body && route.url === '/api/getsecuretoken') {
    expect(body, where).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
    return;
  }
  const errors = body.errors as { property: unknown; message: unknown }[];
  expect(Array.isArray(errors), `${where}: ${response.body.slice(0, 200)}`).toBe(true);
  expect(errors.length, where).toBeGreaterThan(0);
  expect(errors.length, where).toBeLessThanOrEqual(MAX_ERRORS);
  for (const error of errors) {
    expect(typeof error.property, where).toBe('string');
    expect(typeof error.message, where).toBe('string');
    expect((error.message as string).length, where).toBeGreaterThan(0);
  }
}

/** A JSON success matches the zod schema the route declares for its status. */
function checkSuccess(
  _app: FastifyInstance,
  route: RegisteredRoute,
  response: LightMyRequestResponse,
  where: string,
) {
  const type = String(response.headers['content-type'] ?? '');
  // Swagger UI's own routes serve the document and its assets; they declare no zod answers.
  if (!type.startsWith('application/json') || route.url.startsWith(DOCS_PREFIX)) return;
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  const schema = declared[String(response.statusCode)];
  expect(schema, `${where}: no schema declared for ${response.statusCode}`).toBeInstanceOf(z.ZodType);
  const result = (schema as z.ZodType).safeParse(response.json());
  expect(result.success, `${where}: ${result.error ? z.prettifyError(result.error) : ''}`).toBe(true);
}
