// Access matrix: every route Fastify registered × {anonymous, supplier A, supplier B, admin}, each
// asked about supplier A's objects. The expected status of each cell is written below, route by
// route; a route added without a row fails the first test. After every request of supplier B,
// A's data must be exactly as before: B never changes what is A's, whatever the status says.
import { gzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoDayToWire } from '@lp/domain/dates';
import type { Booking } from '@lp/domain/entities';
import { csvFile, HEADER, multipart } from '../../src/modules/upload/upload-test-support';
import { createArticle, createCreditor, createDebitor, createUser } from '../factories';
import { ADMIN_EMAIL, TEST_PASSWORD, useTestApp } from '../test-app';
import { bookings } from '../../src/db/schema';

const t = useTestApp();

type Role = 'anonymous' | 'supplierA' | 'supplierB' | 'admin';
const ROLES: Role[] = ['anonymous', 'supplierA', 'supplierB', 'admin'];

interface Objects {
  creditorA: number;
  userA: { id: number; emailAddress: string };
  debitor: number;
  article: number;
  bookingA: number;
}

interface Row {
  /** Builds the request; called once per role, so that changing requests get fresh targets. */
  request: (o: Objects) => Promise<InjectOptions> | InjectOptions;
  /** anonymous, supplier A, supplier B, admin. */
  expect: [number, number, number, number];
  /** Sign in anew for this request: it spends its token (logout). */
  freshToken?: boolean;
}

const json = (method: InjectOptions['method'], url: string, payload?: unknown): InjectOptions => ({
  method,
  url,
  ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
});

let sequence = 0;
const unique = () => 900_000 + ++sequence;

/** A booking of creditor A stored directly: a fresh target for changing requests. */
async function storeBookingOfA(o: Objects): Promise<Booking['id']> {
  const [row] = await t.db
    .insert(bookings)
    .values({
      invoiceDate: '2026-03-02',
      invoiceNumber: `RE-A-${unique()}`,
      net: '10.00',
      debitorNumber: o.debitor,
      deliveryLocation: 'Lager',
      articleNumber: o.article,
      additionalInformation: null,
      creditorNumber: o.creditorA,
      creationUserEmailAddress: o.userA.emailAddress,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

/** An upload batch of creditor A with one booking, stored directly: a fresh target for an undo. */
async function storeUploadBatchOfA(o: Objects): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`insert into upload_batches (created_by, creditor_number, file_name, count, net_sum)
      values (${o.userA.emailAddress}, ${o.creditorA}, 'buchungen.csv', 1, 10) returning id`,
  );
  const id = rows[0]!.id;
  await t.db.execute(
    sql`update transactions set upload_batch_id = ${id} where id = ${await storeBookingOfA(o)}`,
  );
  return id;
}

/** An export batch with a small file, stored directly. */
async function storeExportBatch(): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`insert into export_batches (created_by, count, net_sum, file_name, file)
      values (${ADMIN_EMAIL}, 0, 0, 'Buchungen.csv', ${gzipSync('Rechnungsdatum\r\n')}) returning id`,
  );
  return rows[0]!.id;
}

const bookingBody = (o: Objects, invoiceNumber = `RE-${unique()}`) => ({
  invoiceDate: isoDayToWire('2026-03-02'),
  invoiceNumber,
  net: 12.5,
  debitorId: o.debitor,
  deliveryLocation: 'Rathaus',
  articleId: o.article,
  additionalInformation: null,
  creditorId: o.creditorA,
});

const articleBody = (number: number) => ({ number, name: `Artikel ${number}`, isActive: true });
const creditorBody = (number: number) => ({ number, name: `Kreditor ${number}`, isActive: true });
const debitorBody = (number: number) => ({
  number,
  name: `Debitor ${number}`,
  street: 'Markt 1',
  zipCode: '10115',
  city: 'Berlin',
  isActive: true,
});

function masterDataRows(
  path: string,
  body: (number: number) => object,
  own: (o: Objects) => number,
  fresh: () => Promise<number>,
  readOwn: Row['expect'],
): Record<string, Row> {
  return {
    [`GET /api/${path}`]: { request: () => json('GET', `/api/${path}`), expect: [401, 200, 200, 200] },
    [`GET /api/${path}/:number`]: {
      request: (o) => json('GET', `/api/${path}/${own(o)}`),
      expect: readOwn,
    },
    [`POST /api/${path}`]: {
      request: () => json('POST', `/api/${path}`, body(unique())),
      expect: [401, 403, 403, 200],
    },
    [`PUT /api/${path}/:number`]: {
      request: async () => {
        const number = await fresh();
        return json('PUT', `/api/${path}/${number}`, body(number));
      },
      expect: [401, 403, 403, 200],
    },
    [`DELETE /api/${path}/:number`]: {
      request: async () => json('DELETE', `/api/${path}/${await fresh()}`),
      expect: [401, 403, 403, 204],
    },
  };
}

/** The API's own documentation (decisions.md section 12): public, like the login. */
const publicRow = (url: string): Row => ({ request: () => json('GET', url), expect: [200, 200, 200, 200] });

/** A CSV of one booking for supplier A's creditor, sent as the upload form sends it. */
const oneBookingFile = (o: Objects, url: string): InjectOptions => ({
  method: 'POST',
  url,
  ...multipart([
    {
      filename: 'buchungen.csv',
      content: csvFile([
        HEADER,
        ['02.03.2026', `RE-${unique()}`, o.debitor, 'Lager', o.article, '10,00', '', o.creditorA],
      ]),
    },
  ]),
});

const ROUTES: Record<string, Row> = {
  'GET /api/health': publicRow('/api/health'),
  'GET /api/openapi.json': publicRow('/api/openapi.json'),
  'GET /api/docs': publicRow('/api/docs'),
  'GET /api/docs/json': publicRow('/api/docs/json'),
  'GET /api/docs/yaml': publicRow('/api/docs/yaml'),
  'GET /api/docs/static/*': publicRow('/api/docs/static/swagger-ui.css'),
  'HEAD /api/docs/static/*': {
    request: () => json('HEAD', '/api/docs/static/swagger-ui.css'),
    expect: [200, 200, 200, 200],
  },
  // Swagger UI's own redirect to the docs page.
  'GET /api/docs/static/index.html': {
    request: () => json('GET', '/api/docs/static/index.html'),
    expect: [302, 302, 302, 302],
  },
  'GET /api/docs/static/swagger-initializer.js': publicRow('/api/docs/static/swagger-initializer.js'),
  'POST /api/getsecuretoken': {
    request: (o) => ({
      method: 'POST',
      url: '/api/getsecuretoken',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: o.userA.emailAddress,
        password: TEST_PASSWORD,
      }).toString(),
    }),
    expect: [200, 200, 200, 200],
  },
  'POST /api/logout': {
    // Each role revokes a token of its own made for this request, so the others stay signed in.
    request: () => json('POST', '/api/logout'),
    expect: [401, 204, 204, 204],
    freshToken: true,
  },
  'GET /api/users/single': {
    request: (o) => json('GET', `/api/users/single?name=${encodeURIComponent(o.userA.emailAddress)}`),
    expect: [401, 200, 403, 200],
  },
  'GET /api/users': { request: () => json('GET', '/api/users'), expect: [401, 403, 403, 200] },
  'GET /api/users/:id': {
    request: (o) => json('GET', `/api/users/${o.userA.id}`),
    expect: [401, 200, 403, 200],
  },
  'POST /api/users': {
    request: (o) =>
      json('POST', '/api/users', {
        emailAddress: `neu-${unique()}@test.example`,
        password: 'Ein-neues-Passwort-42',
        isAdmin: false,
        isActive: true,
        creditorNumber: o.creditorA,
      }),
    expect: [401, 403, 403, 200],
  },
  'PUT /api/users/:id': {
    // Unchanged address, no new password: A may send it for itself without losing its session.
    request: (o) =>
      json('PUT', `/api/users/${o.userA.id}`, {
        emailAddress: o.userA.emailAddress,
        password: null,
        isAdmin: false,
        isActive: true,
        creditorNumber: o.creditorA,
      }),
    expect: [401, 200, 403, 200],
  },
  'DELETE /api/users/:id': {
    request: async (o) =>
      json('DELETE', `/api/users/${(await createUser(t.db, { creditorNumber: o.creditorA })).id}`),
    expect: [401, 403, 403, 204],
  },
  ...masterDataRows(
    'articles',
    articleBody,
    (o) => o.article,
    async () => (await createArticle(t.db, { number: unique() })).number,
    [401, 200, 200, 200],
  ),
  ...masterDataRows(
    'creditors',
    creditorBody,
    (o) => o.creditorA,
    async () => (await createCreditor(t.db, { number: unique() })).number,
    [401, 200, 403, 200],
  ),
  ...masterDataRows(
    'debitors',
    debitorBody,
    (o) => o.debitor,
    async () => (await createDebitor(t.db, { number: unique() })).number,
    [401, 200, 200, 200],
  ),
  'GET /api/creditors/:number/email-addresses': {
    request: (o) => json('GET', `/api/creditors/${o.creditorA}/email-addresses`),
    expect: [401, 200, 403, 200],
  },
  'GET /api/articles/export': {
    request: () => json('GET', '/api/articles/export'),
    expect: [401, 403, 403, 200],
  },
  'GET /api/debitors/export': {
    request: () => json('GET', '/api/debitors/export'),
    expect: [401, 200, 200, 200],
  },
  'GET /api/management/export': {
    request: () => json('GET', '/api/management/export'),
    expect: [401, 403, 403, 200],
  },
  'GET /api/exports': { request: () => json('GET', '/api/exports'), expect: [401, 403, 403, 200] },
  'GET /api/exports/:id/file': {
    request: async () => json('GET', `/api/exports/${await storeExportBatch()}/file`),
    expect: [401, 403, 403, 200],
  },
  'GET /api/transactions': { request: () => json('GET', '/api/transactions'), expect: [401, 200, 200, 200] },
  'GET /api/transactions/export': {
    // A search nothing matches: the export itself, without marking A's bookings exported.
    request: () => json('GET', '/api/transactions/export?format=csv&searchQuery=kein-treffer-xyz'),
    expect: [401, 403, 403, 200],
  },
  'GET /api/transactions/export-selected': {
    request: async (o) =>
      json('GET', `/api/transactions/export-selected?format=csv&items=${await storeBookingOfA(o)}`),
    expect: [401, 403, 403, 200],
  },
  'GET /api/transactions/:id': {
    request: (o) => json('GET', `/api/transactions/${o.bookingA}`),
    expect: [401, 200, 404, 200],
  },
  'POST /api/transactions': {
    // B naming A's creditor gets the answer's errors (200) and stores nothing: checked below.
    request: (o) => json('POST', '/api/transactions?checkForDuplicates=false', bookingBody(o)),
    expect: [401, 200, 200, 200],
  },
  'PUT /api/transactions/:id': {
    request: async (o) => {
      const id = await storeBookingOfA(o);
      return json('PUT', `/api/transactions/${id}?checkForDuplicates=false`, {
        ...bookingBody(o),
        version: 1,
      });
    },
    expect: [401, 200, 404, 200],
  },
  'POST /api/transactions/delete': {
    request: async (o) => json('POST', '/api/transactions/delete', [await storeBookingOfA(o)]),
    expect: [401, 200, 404, 200],
  },
  'POST /api/upload': {
    request: (o) => oneBookingFile(o, '/api/upload?checkForDuplicates=false'),
    expect: [401, 200, 200, 200],
  },
  // A file's rows as text for the repair table: stores nothing, so every signed-in user may read its own.
  'POST /api/upload/sheet': {
    request: (o) => oneBookingFile(o, '/api/upload/sheet'),
    expect: [401, 200, 200, 200],
  },
  // A user's own column mapping: nobody's but the caller's is written.
  'PUT /api/upload/column-mapping': {
    request: () =>
      json('PUT', '/api/upload/column-mapping', {
        headers: ['Datum', 'Beleg'],
        mapping: { Datum: 'invoiceDate', Beleg: 'invoiceNumber' },
      }),
    expect: [401, 204, 204, 204],
  },
  // The rows of a file as JSON (repair in place): the same rules as the file, B's rows for A refused.
  'POST /api/upload/rows': {
    request: (o) =>
      json('POST', '/api/upload/rows?checkForDuplicates=false', {
        fileName: 'zeilen.csv',
        rows: [
          {
            rowNumber: 2,
            values: Object.fromEntries(
              HEADER.map((header, i) => [
                header,
                [
                  '02.03.2026',
                  `RE-${unique()}`,
                  String(o.debitor),
                  'Lager',
                  String(o.article),
                  '10,00',
                  '',
                  String(o.creditorA),
                ][i]!,
              ]),
            ),
          },
        ],
      }),
    expect: [401, 200, 200, 200],
  },
  'GET /api/audit': {
    request: (o) => json('GET', `/api/audit?entity=transaction&id=${o.bookingA}`),
    expect: [401, 403, 403, 200],
  },
  // A supplier gets its own creditor's months (no 403); the xlsx is the admins'.
  'GET /api/reporting-status': {
    request: () => json('GET', '/api/reporting-status'),
    expect: [401, 200, 200, 200],
  },
  'GET /api/reporting-status/export': {
    request: () => json('GET', '/api/reporting-status/export'),
    expect: [401, 403, 403, 200],
  },
  'GET /api/uploads': { request: () => json('GET', '/api/uploads'), expect: [401, 200, 200, 200] },
  'DELETE /api/uploads/:id': {
    request: async (o) => json('DELETE', `/api/uploads/${await storeUploadBatchOfA(o)}`),
    expect: [401, 204, 404, 204],
  },
  'GET /api/upload/template': {
    request: () => json('GET', '/api/upload/template'),
    expect: [401, 200, 200, 200],
  },
  'POST /api/password-reset': {
    request: (o) => json('POST', '/api/password-reset', { emailAddress: o.userA.emailAddress }),
    expect: [202, 202, 202, 202],
  },
  'POST /api/password-reset/confirm': {
    request: () =>
      json('POST', '/api/password-reset/confirm', {
        token: 'x'.repeat(43),
        password: 'Ein-neues-Passwort-42',
      }),
    expect: [400, 400, 400, 400],
  },
  'POST /api/users/:id/invitation': {
    request: (o) => json('POST', `/api/users/${o.userA.id}/invitation`),
    expect: [401, 403, 403, 202],
  },
  'GET /api/profile': { request: () => json('GET', '/api/profile'), expect: [401, 200, 200, 200] },
  'PUT /api/profile/mail-settings': {
    request: () => json('PUT', '/api/profile/mail-settings', { receipts: true }),
    expect: [401, 200, 200, 200],
  },
  // The second factor: /me is always the caller's own; a malformed code is refused before any state.
  'GET /api/users/me/mfa': { request: () => json('GET', '/api/users/me/mfa'), expect: [401, 200, 200, 200] },
  'POST /api/users/me/mfa': {
    request: () => json('POST', '/api/users/me/mfa'),
    expect: [401, 200, 200, 200],
  },
  'POST /api/users/me/mfa/confirm': {
    request: () => json('POST', '/api/users/me/mfa/confirm', { code: 'x' }),
    expect: [401, 400, 400, 400],
  },
  'DELETE /api/users/me/mfa': {
    request: () => json('DELETE', '/api/users/me/mfa', { password: '', code: 'x' }),
    expect: [401, 400, 400, 400],
  },
  'DELETE /api/users/:id/mfa': {
    request: (o) => json('DELETE', `/api/users/${o.userA.id}/mfa`),
    expect: [401, 403, 403, 200],
  },
  'GET /api/mail/outbox': { request: () => json('GET', '/api/mail/outbox'), expect: [401, 403, 403, 200] },
  'GET /api/mail/outbox/:id': {
    request: async () => json('GET', `/api/mail/outbox/${await storeOutboxMail()}`),
    expect: [401, 403, 403, 200],
  },
  'POST /api/creditors/:number/urgency-mail': {
    request: (o) => json('POST', `/api/creditors/${o.creditorA}/urgency-mail`, { deadline: '2099-12-31' }),
    expect: [401, 403, 403, 202],
  },
  'POST /api/reporting-status/urgency-mail': {
    request: () =>
      json('POST', '/api/reporting-status/urgency-mail', { deadline: '2099-12-31', month: '2026-10' }),
    expect: [401, 403, 403, 202],
  },
  'GET /api/reminders/plan': {
    request: () => json('GET', '/api/reminders/plan'),
    expect: [401, 403, 403, 200],
  },
  'PUT /api/reminders/plan': {
    request: () => json('PUT', '/api/reminders/plan', { enabled: false, steps: [{ workingDay: 3 }] }),
    expect: [401, 403, 403, 200],
  },
  'GET /api/reminders/preview': {
    request: () => json('GET', '/api/reminders/preview?date=2026-11-04'),
    expect: [401, 403, 403, 200],
  },
  'POST /api/reminders/run': {
    request: () => json('POST', '/api/reminders/run?date=2026-11-04'),
    expect: [401, 403, 403, 200],
  },
  'GET /api/reminders/sent': {
    request: () => json('GET', '/api/reminders/sent?from=2026-10&until=2026-10'),
    expect: [401, 403, 403, 200],
  },
};

/** A mail in the outbox, stored directly. */
async function storeOutboxMail(): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`insert into mail_outbox (kind, recipients, subject, text, html, state)
      values ('receipt', '{a@example.org}', 'Betreff', 'Text', '<p>Text</p>', 'unsent') returning id`,
  );
  return rows[0]!.id;
}

/** What of A's data B might change: its bookings, its user and its creditor, in full. */
async function snapshotOfA(o: Objects) {
  const { rows } = await t.db.execute(sql`
    select
      (select coalesce(json_agg(t order by t.id), '[]') from transactions t
        where t.creditor_number = ${o.creditorA}) as bookings,
      (select row_to_json(u) from users u where u.id = ${o.userA.id}) as user,
      (select row_to_json(c) from creditors c where c.number = ${o.creditorA}) as creditor`);
  return rows[0];
}

describe('access matrix', () => {
  const apiRoutes = () =>
    t.app.routeTable.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
  const tokens = {} as Record<Role, string | undefined>;
  const emails = {} as Record<Role, string | undefined>;
  const tokenFor = async (role: Role, fresh: boolean) =>
    fresh && emails[role] ? t.login(emails[role]) : tokens[role];
  const objects = {} as Objects;

  beforeAll(async () => {
    const creditorA = await createCreditor(t.db);
    const creditorB = await createCreditor(t.db);
    const userA = await createUser(t.db, { creditorNumber: creditorA.number });
    const userB = await createUser(t.db, { creditorNumber: creditorB.number });
    Object.assign(objects, {
      creditorA: creditorA.number,
      userA: { id: userA.id, emailAddress: userA.emailAddress },
      debitor: (await createDebitor(t.db)).number,
      article: (await createArticle(t.db)).number,
    });
    objects.bookingA = await storeBookingOfA(objects);
    Object.assign(emails, {
      anonymous: undefined,
      supplierA: userA.emailAddress,
      supplierB: userB.emailAddress,
      admin: ADMIN_EMAIL,
    });
    for (const role of ROLES) tokens[role] = emails[role] && (await t.login(emails[role]));
  });

  it('has a row for every registered route, and no row for a route that is gone', () => {
    expect(apiRoutes().sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it.each(Object.entries(ROUTES))('%s', async (_route, row) => {
    const seen: number[] = [];
    for (const role of ROLES) {
      const request = await row.request(objects);
      const before = role === 'supplierB' ? await snapshotOfA(objects) : undefined;
      const response = await t.request(await tokenFor(role, row.freshToken === true), request);
      seen.push(response.statusCode);
      if (before) expect(await snapshotOfA(objects), 'supplier B changed A’s data').toEqual(before);
    }
    expect(seen).toEqual(row.expect);
  });
});
