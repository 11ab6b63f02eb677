// The OpenAPI document describes every route Fastify has registered, with its schemas, and is a
// valid OpenAPI 3.1 document; the docs page and its assets are served without a token.
import fs from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DOCS_PREFIX, OPENAPI_PATH } from './openapi';
import { API_TAGS } from './operation-docs';

/**
 * The document as committed: `npm run lint` checks it with Redocly's recommended rules, and a review
 * shows every change of the contract as a diff. UPDATE_SNAPSHOTS=1 rewrites it.
 */
const COMMITTED_DOCUMENT = new URL('../../openapi.json', import.meta.url);

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses?: Record<string, unknown>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Routes without a JSON body: the upload reads its multipart stream itself; logout needs none. */
const NO_JSON_BODY = new Set([
  'POST /api/upload',
  'POST /api/upload/sheet',
  'POST /api/logout',
  'POST /api/users/:id/invitation',
  'POST /api/reminders/run',
  'POST /api/users/me/mfa',
]);

let t: TestApp & { close(): Promise<void> };
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request(undefined, { method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

/** Every API route and method as Fastify registered it. */
function apiOperations() {
  return t.app.routeTable
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith(DOCS_PREFIX))
    .map((route) => ({ method: route.method, url: route.url, route }));
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every registered API route with its schemas', () => {
    const operations = apiOperations();
    expect(operations.length).toBeGreaterThan(30);
    for (const { method, url, route } of operations) {
      const name = `${method} ${url}`;
      const operation = doc.paths[toOpenApiPath(url)]?.[method.toLowerCase()];
      expect(operation, `${name} is missing from the document`).toBeDefined();
      const schema = (route.schema ?? {}) as Record<string, unknown>;

      const pathParams = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (pathParams.length > 0) {
        expect(schema.params, `${name} declares no params schema`).toBeDefined();
        const documented = (operation?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(documented.sort(), `${name} path parameters`).toEqual(pathParams.sort());
      }
      if ((method === 'POST' || method === 'PUT') && !NO_JSON_BODY.has(name)) {
        expect(schema.body, `${name} declares no body schema`).toBeDefined();
        expect(operation?.requestBody, `${name} documents no body`).toBeDefined();
      }
      const answers = Object.keys((schema.response ?? {}) as object);
      expect(
        answers.some((status) => /^2\d\d$/.test(status)),
        `${name} declares no success answer`,
      ).toBe(true);
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(answers));
    }
  });

  it('is the committed server/openapi.json (UPDATE_SNAPSHOTS=1 npm run test:api rewrites it)', () => {
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    if (process.env.UPDATE_SNAPSHOTS === '1') fs.writeFileSync(COMMITTED_DOCUMENT, text);
    expect(text).toBe(fs.readFileSync(COMMITTED_DOCUMENT, 'utf8'));
  });

  it('gives every operation a German summary and one tag of the docs page (operation-docs.ts)', () => {
    for (const { method, url } of apiOperations()) {
      const operation = doc.paths[toOpenApiPath(url)]?.[method.toLowerCase()];
      expect(operation?.summary, `${method} ${url} has no entry in operation-docs.ts`).toBeTruthy();
      expect(operation?.tags).toHaveLength(1);
      expect(Object.keys(API_TAGS)).toContain(operation?.tags?.[0]);
    }
  });

  it('lists the refusals a route gives: 409 and 412 where records are versioned or referenced', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    expect(statuses('/api/transactions/{id}', 'put')).toEqual(expect.arrayContaining(['409', '413', '415']));
    expect(statuses('/api/articles/{number}', 'delete')).toEqual(expect.arrayContaining(['409', '412']));
    expect(statuses('/api/upload', 'post')).toEqual(expect.arrayContaining(['408', '413', '415', '429']));
    expect(statuses('/api/health', 'get')).toEqual(expect.arrayContaining(['503']));
    expect(statuses('/api/health', 'get')).not.toContain('401');
  });

  it('describes the upload as a multipart body with the file under uploads[]', () => {
    const upload = doc.paths['/api/upload']?.post;
    const multipart = upload?.requestBody?.content['multipart/form-data'] as
      { schema: { properties: Record<string, unknown> } } | undefined;
    expect(Object.keys(multipart?.schema.properties ?? {})).toEqual(['uploads[]']);
  });

  it('documents bearer tokens, the public routes and the token endpoint as a form', () => {
    const token = doc.paths['/api/getsecuretoken']?.post;
    expect(Object.keys(token?.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
    expect((token as { security?: unknown }).security).toEqual([]);
    expect((doc as unknown as { security: unknown }).security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('GET /api/docs', () => {
  it('serves the page and its own assets without a token, under the strict CSP', async () => {
    const page = await t.request(undefined, { method: 'GET', url: DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>|<style|style="/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/') || src.startsWith('.'), src).toBe(true);
      const url = new URL(src, `http://localhost${DOCS_PREFIX}`).pathname;
      const asset = await t.request(undefined, { method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
    }
  });
});
