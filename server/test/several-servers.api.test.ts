// Two real servers on one DATABASE_URL (decision 0014), started at the same moment on an empty
// database: they migrate it once, a token of one is good on the other, the login throttle and the
// per-user upload limit count across both, and when one is killed with SIGKILL in the middle of
// writes every booking either server acknowledged is stored.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_USER } from '@lp/domain/limits';
import { UPLOAD_FIELD_NAME } from '@lp/domain/upload-columns';
import { readJournal } from '../src/db/migrate';
import { createEmptyDatabase, type EmptyDatabase } from './empty-database';
import { cleanUp, eventually, login, startServer, waitForReady, type ServerProcess } from './server-process';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-several-'));
let database: EmptyDatabase | undefined;
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await database?.drop();
  await cleanUp(work);
});

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const attemptLogin = (port: number, password: string) =>
  login(port, 'niemand@example.org', password).then((res) => res.status);

/** An upload whose body never ends: the server has admitted it and waits for the file. */
function hangingUpload(port: number, token: string) {
  const controller = new AbortController();
  const boundary = 'lieferantenportal-test';
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      stream.enqueue(
        new TextEncoder().encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_FIELD_NAME}"; ` +
            `filename="buchungen.csv"\r\nContent-Type: text/csv\r\n\r\nRechnungsdatum;`,
        ),
      );
    },
  });
  const response = fetch(`http://localhost:${port}/api/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    duplex: 'half',
    signal: controller.signal,
  } as RequestInit).catch(() => undefined);
  return { response, abort: () => controller.abort() };
}

describe('two servers on one PostgreSQL', { timeout: 240_000 }, () => {
  it('share migrations, sessions, login throttle and upload limit, and lose no acknowledged write', async () => {
    database = await createEmptyDatabase();
    const env = {
      DATABASE_URL: database.url,
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      LOGIN_ACCOUNT_MAX_FAILURES: '5',
    };
    const a = startServer(path.join(work, 'a'), env);
    const b = startServer(path.join(work, 'b'), env);
    servers.push(a, b);
    const [portA, portB] = await Promise.all([waitForReady(a), waitForReady(b)]);
    const ports = [portA, portB];

    // Migrated once, one administrator.
    const applied = await query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied[0]!.n).toBe(readJournal().entries.length);
    expect((await query<{ n: number }>('select count(*)::int as n from users'))[0]!.n).toBe(1);

    // A token of one server is good on the other (the signing secret is in the database).
    const tokenResponse = await login(portA);
    const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
    const me = await fetch(`http://localhost:${portB}/api/transactions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);

    // A logout on one server is refused by the other, which had the session in its cache, as soon as
    // PostgreSQL announces it (decision 0034): within a poll of 2 s, in practice milliseconds.
    const second = ((await (await login(portB)).json()) as { access_token: string }).access_token;
    const readOnB = () =>
      fetch(`http://localhost:${portB}/api/transactions`, { headers: { authorization: `Bearer ${second}` } });
    expect((await readOnB()).status).toBe(200);
    const loggedOut = await fetch(`http://localhost:${portA}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${second}` },
    });
    expect(loggedOut.status).toBe(204);
    await eventually(
      'server B refuses the session ended on A',
      async () => (await readOnB()).status === 401,
      2_000,
    );

    // Login throttle: five failures of one name, alternating between the servers, lock it on both.
    const failures = [];
    for (let i = 0; i < 5; i++) failures.push(await attemptLogin(ports[i % 2]!, 'falsch'));
    expect(failures).toEqual([400, 400, 400, 400, 400]);
    expect(await attemptLogin(portA, 'falsch')).toBe(429);
    expect(await attemptLogin(portB, 'falsch')).toBe(429);

    // Upload limit: the user's uploads on both servers count together; one more is refused at once.
    const uploads = Array.from({ length: UPLOADS_PER_USER }, (_, i) => hangingUpload(ports[i % 2]!, token));
    await eventually('uploads admitted on both servers', async () => {
      const rows = await query<{ n: number }>('select count(*)::int as n from upload_admissions');
      return rows[0]!.n === UPLOADS_PER_USER;
    });
    for (const port of ports) {
      const refused = hangingUpload(port, token);
      const response = await refused.response;
      expect(response?.status).toBe(429);
    }
    uploads.forEach((u) => u.abort());
    await eventually('leases given back', async () => {
      const rows = await query<{ n: number }>('select count(*)::int as n from upload_admissions');
      return rows[0]!.n === 0;
    });

    // Writes alternating between the servers; server A is killed in the middle of them.
    await query(`insert into creditors (number, name) values (4711, 'Zwei Server GmbH');
                 insert into articles (number, name) values (815, 'Papier');
                 insert into debitors (number, name, street, zip_code, city)
                 values (10815, 'Gemeinde', 'Weg 1', '60311', 'Frankfurt')`);
    const acknowledged = new Map<number, string>();
    let sent = 0;
    let stop = false;
    let acknowledgedAfterKill = 0;
    let killed = false;
    const write = async (port: number) => {
      const invoiceNumber = `ZS-${++sent}`;
      try {
        const res = await fetch(`http://localhost:${port}/api/transactions?checkForDuplicates=false`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            invoiceDate: '2026-01-15T00:00:00.000Z',
            invoiceNumber,
            net: 12.5,
            debitorId: 10815,
            deliveryLocation: 'Lager',
            articleId: 815,
            additionalInformation: null,
            creditorId: 4711,
          }),
        });
        const result = (await res.json()) as { id?: number; errors: unknown[] };
        if (res.status === 200 && result.id !== undefined && result.errors.length === 0) {
          acknowledged.set(result.id, invoiceNumber);
          if (killed) acknowledgedAfterKill++;
        }
      } catch {
        // the killed server's requests fail: not acknowledged, so nothing is promised about them
      }
    };
    const writers = [0, 1, 2, 3].map(async (lane) => {
      while (!stop) await write(ports[lane % 2]!);
    });
    await eventually('writes on both servers', () => acknowledged.size >= 40);
    a.child.kill('SIGKILL');
    killed = true;
    await a.exited;
    await eventually('server B goes on writing', () => acknowledgedAfterKill >= 20);
    stop = true;
    await Promise.all(writers);

    const stored = await query<{ id: number; invoice_number: string }>(
      'select id, invoice_number from transactions where creditor_number = 4711',
    );
    const byId = new Map(stored.map((r) => [r.id, r.invoice_number]));
    for (const [id, invoiceNumber] of acknowledged) expect(byId.get(id)).toBe(invoiceNumber);
    expect(stored.length).toBeGreaterThanOrEqual(acknowledged.size);
    expect(stored.length).toBeLessThanOrEqual(sent);

    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  });
});
