// Fuzzing every route Fastify registered with hostile requests (fast-check): wrong types, huge
// strings, unicode with NUL and lone surrogates, arrays for scalars, huge and negative numbers, bad
// dates and sort keys, percent-encoded paths, wrong content types. Whatever arrives, the server
// answers without a 5xx, without a stack trace or SQL text, and in the shape the route declares.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SORT_KEYS } from '@lp/domain/booking-list-query';
import { createUser } from '../factories';
import { ADMIN_EMAIL, useTestApp } from '../test-app';
import { checkDeclaredResponse } from './declared-response';

const t = useTestApp();

/** Requests per route and role; with about 40 routes and two roles well over 5,000 per run. */
const RUNS_PER_ROUTE = 70;

const QUERY_KEYS = [
  'page',
  'sorting',
  'searchQuery',
  'invoiceDateFrom',
  'invoiceDateUntil',
  'exportedOnly',
  'notExportedOnly',
  'article',
  'creditor',
  'debitor',
  'format',
  'items',
  'checkForDuplicates',
  'onlyActive',
  'name',
];
const BODY_KEYS = [
  'invoiceDate',
  'invoiceNumber',
  'net',
  'debitorId',
  'deliveryLocation',
  'articleId',
  'additionalInformation',
  'creditorId',
  'version',
  'number',
  'name',
  'street',
  'zipCode',
  'city',
  'isActive',
  'emailAddress',
  'password',
  'currentPassword',
  'isAdmin',
  'creditorNumber',
  'id',
];

const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }), // lone surrogates included
  fc.constantFrom(
    '\u0000',
    'RE-\u00001',
    '\uD800',
    '\uDFFF abc',
    '31.02.2025',
    '00.00.0000',
    '9999-99-99',
    '1.1.1899',
    '2025-02-29',
    '-1',
    '0',
    '1e309',
    '99999999999999999999',
    'NaN',
    'true',
    'null',
    "'; drop table transactions; --",
    '%00',
    '../../etc/passwd',
    '=HYPERLINK("http://x")',
    '＝1+1',
    ...SORT_KEYS.map((k) => `${k}_asc`),
    'invoice_date_desc',
  ),
  fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const hostileScalar = fc.oneof(
  hostileText,
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.000001, 12.345),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...BODY_KEYS), hostileScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 300_000 }).map((n) => Array<number>(n).fill(1.5)) },
);

const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...BODY_KEYS), hostileValue, { maxKeys: BODY_KEYS.length }),
  fc.array(hostileValue, { maxLength: 4 }),
  hostileValue,
);

/** A path parameter: digits, huge numbers, negatives, text, encoded bytes. */
const hostileParam = fc.oneof(
  fc.nat().map(String),
  fc.constantFrom(
    '0',
    '-1',
    '00001',
    '2147483648',
    '99999999999999999999',
    '1.5',
    '1e3',
    'abc',
    '%00',
    '%2e%2e',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })),
      fc.oneof(hostileText, fc.integer().map(String)),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => {
    const params = new URLSearchParams();
    for (const [key, value] of pairs) params.append(key, value);
    return params.toString();
  });

/** Percent-encodes some letters of the path, as an attacker does to slip past a prefix check. */
const encodePath = (path: string, mask: number) =>
  [...path]
    .map((c, i) => (/[a-z]/.test(c) && (mask >> (i % 30)) & 1 ? `%${c.charCodeAt(0).toString(16)}` : c))
    .join('');

function requestFor(method: string, url: string) {
  return fc
    .record({
      params: fc.array(hostileParam, { minLength: 2, maxLength: 2 }),
      query: queryString,
      body: hostileBody,
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ),
      encodeMask: fc.oneof(fc.constant(0), fc.nat()),
    })
    .map(({ params, query, body, contentType, encodeMask }): InjectOptions => {
      let i = 0;
      const path = url.replace(/:\w+/g, () => params[i++]!);
      const withBody = method !== 'GET' && method !== 'DELETE';
      return {
        method: method as InjectOptions['method'],
        url: `${encodePath(path, encodeMask)}${query ? `?${query}` : ''}`,
        ...(withBody
          ? {
              headers: { 'content-type': contentType },
              // The same bytes under a type that does not fit them, too.
              payload: JSON.stringify(body) ?? '',
            }
          : {}),
      };
    });
}

const LEAK =
  /\bat \S+ \(|\.[tj]s:\d+|node_modules|\b(select|insert|update|delete) .* from\b|syntax error|violates|pg_|drizzle/i;

describe('fuzzing every route', () => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    tokens.admin = await t.login(ADMIN_EMAIL);
    tokens.supplier = await t.login((await createUser(t.db)).emailAddress);
  });

  const routes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
  let sent = 0;

  it('reaches every route', () => {
    expect(routes().length).toBeGreaterThan(30);
  });

  for (const role of ['supplier', 'admin'] as const) {
    it(`never answers 5xx, a stack trace or SQL text, and answers as declared (${role})`, async () => {
      // Every route is fuzzed even when an earlier one fails; the failures are listed together.
      const failures: string[] = [];
      for (const route of routes()) {
        const details = await fc.check(
          fc.asyncProperty(requestFor(route.method, route.url), async (request) => {
            const response = await t.request(tokens[role], request);
            sent += 1;
            const where = `${request.method} ${String(request.url).slice(0, 200)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            expect(response.body, where).not.toMatch(LEAK);
            checkDeclaredResponse(t.app, route, response, where);
          }),
          { numRuns: RUNS_PER_ROUTE, seed: 42 },
        );
        if (details.failed) {
          const example = JSON.stringify(details.counterexample).slice(0, 400);
          failures.push(
            `${route.method} ${route.url}: ${String(details.errorInstance).slice(0, 400)}\n  ${example}`,
          );
        }
      }
      expect(failures).toEqual([]);
    }, 600_000);
  }

  it('sent at least 5,000 requests', () => {
    expect(sent).toBeGreaterThanOrEqual(5000);
  });
});
