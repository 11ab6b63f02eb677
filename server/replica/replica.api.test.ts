// Reads from a streaming replica with read-your-writes (decision 0085), against a real primary and
// its replica made by pg_basebackup -R (replica-cluster.ts): the caller's own write is read back at
// once while the replica lags, other users' reads are served by the replica, the kept totals stay
// exact whichever database answered, and with the primary stopped under load reads still answer,
// writes answer a German 503 and work again once it is back, and no acknowledged write is lost.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { connect, type Connection } from '../src/db/connection';
import { runMigrations } from '../src/db/migrate';
import { seedSystemRecords } from '../src/db/seed-system-records';
import { bookingBody, createUser, createWorld, type World } from '../test/factories';
import { ADMIN_EMAIL, TEST_PASSWORD, type TestApp } from '../test/test-app';
import { primaryUrl, replicaUrl, startPrimary, stopPrimary } from './replica-cluster';

const cluster = inject('replicaCluster');
let primary: Connection;
let replica: Connection;
let app: FastifyInstance;
let t: TestApp;
let world: World;

const request = (token: string, options: InjectOptions) =>
  app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${token}` } });

async function login(email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/getsecuretoken',
    payload: new URLSearchParams({
      grant_type: 'password',
      username: email,
      password: TEST_PASSWORD,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

/** Until the replica has replayed everything the primary has written (the test waits; the app never). */
async function replicaCaughtUp(): Promise<void> {
  const { rows } = await primary.pool.query<{ lsn: string }>(
    'select pg_current_wal_insert_lsn()::text as lsn',
  );
  for (let i = 0; i < 600; i++) {
    const { rows: r } = await replica.pool.query<{ done: boolean }>(
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
      [rows[0]!.lsn],
    );
    if (r[0]!.done) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the replica did not catch up');
}

const served = () => ({ ...app.dbRouter.served });

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: primaryUrl(cluster) });
  await admin.connect();
  await admin.query('create database lp_replica');
  await admin.end();
  primary = connect(primaryUrl(cluster, 'lp_replica'), 10);
  await runMigrations(primary.db);
  await seedSystemRecords(primary.db, {
    adminEmail: ADMIN_EMAIL,
    adminPassword: TEST_PASSWORD,
    log: { info: () => undefined, warn: () => undefined },
  });
  replica = connect(replicaUrl(cluster, 'lp_replica'), 10);
  // The new database reaches the replica through its WAL; wait until it can be connected to.
  for (let i = 0; ; i++) {
    try {
      await replica.pool.query('select 1 from users limit 1');
      break;
    } catch (error) {
      if (i > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const config = {
    ...readConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT_PER_MINUTE: '100000' }),
    webDistDir: undefined,
  };
  app = await buildApp({
    db: primary.db,
    pool: primary.pool,
    readDb: replica.db,
    config,
    checkResponses: true,
  });
  await app.ready();
  t = {
    app,
    db: primary.db,
    pool: primary.pool,
    config,
    databaseUrl: primaryUrl(cluster, 'lp_replica'),
    login,
    request: (token, options) => request(token!, options),
  };
  world = await createWorld(t);
  await replicaCaughtUp();
});

afterAll(async () => {
  await app?.close();
  await replica?.close();
  await primary?.close();
});

describe('reads from the replica with read-your-writes', () => {
  it('reads the caller’s own write from the primary while the replica has not replayed it', async () => {
    const reader = await createUser(primary.db, { isAdmin: true, creditorNumber: null });
    await replicaCaughtUp();
    const readerToken = await login(reader.emailAddress);
    const writerToken = world.adminToken;
    const list = (token: string) =>
      request(token, { method: 'GET', url: `/api/transactions?creditorNumber=${world.creditorNumber}` });
    // Counted on the replica, kept in the totals cache; both admins' filter is the same cache key.
    const before = (await list(readerToken)).json() as { total: number };
    const { rows } = await replica.pool.query<{ paused: boolean }>(
      'select pg_wal_replay_pause(), pg_is_wal_replay_paused() as paused',
    );
    expect(rows[0]!.paused).toBe(true);
    try {
      const start = served();
      const saved = await request(writerToken, {
        method: 'POST',
        url: '/api/transactions',
        payload: bookingBody(world),
      });
      expect(saved.statusCode).toBe(200);
      const { id } = saved.json() as { id: number };

      const own = await request(writerToken, { method: 'GET', url: `/api/transactions/${id}` });
      expect(own.statusCode).toBe(200);
      const ownList = (await list(writerToken)).json() as { total: number; items: { id: number }[] };
      expect(ownList.total).toBe(before.total + 1);
      expect(ownList.items.map((b) => b.id)).toContain(id);
      const audit = await request(writerToken, {
        method: 'GET',
        url: `/api/audit?entity=transaction&id=${id}`,
      });
      expect(audit.statusCode).toBe(200);
      expect((audit.json() as unknown[]).length).toBe(1);
      expect(served().primary - start.primary).toBe(3);

      // Another user reads the replica's snapshot: consistent in itself, without the new booking.
      const other = (await list(readerToken)).json() as { total: number; items: { id: number }[] };
      expect(other.total).toBe(before.total);
      expect(other.items.map((b) => b.id)).not.toContain(id);
      const otherSingle = await request(readerToken, { method: 'GET', url: `/api/transactions/${id}` });
      expect(otherSingle.statusCode).toBe(404);
      expect(served().replica - start.replica).toBe(2);

      // The writer again: the totals the reader's replica read kept must not be taken for the primary's.
      expect(((await list(writerToken)).json() as { total: number }).total).toBe(before.total + 1);
    } finally {
      await replica.pool.query('select pg_wal_replay_resume()');
    }
    await replicaCaughtUp();
    const start = served();
    expect(((await list(readerToken)).json() as { total: number }).total).toBe(before.total + 1);
    // Replayed now: the writer's own reads go to the replica again.
    expect(((await list(writerToken)).json() as { total: number }).total).toBe(before.total + 1);
    expect(served().replica - start.replica).toBe(2);
  });

  it('Meldestatus reads from the replica', async () => {
    const start = served();
    const reader = await createUser(primary.db, { isAdmin: true, creditorNumber: null });
    await replicaCaughtUp();
    const token = await login(reader.emailAddress);
    const res = await request(token, { method: 'GET', url: '/api/reporting-status' });
    expect(res.statusCode).toBe(200);
    expect(served().replica - start.replica).toBe(1);
  });
});

describe('the primary stopped and started under load', () => {
  it('keeps answering reads, refuses writes with a German 503, works again, and loses no acknowledged write', async () => {
    const suppliers = [world, await createWorld(t), await createWorld(t)];
    const reader = await createUser(primary.db, { isAdmin: true, creditorNumber: null });
    await replicaCaughtUp();
    const readerToken = await login(reader.emailAddress);

    let phase: 'up' | 'down' | 'back' = 'up';
    let running = true;
    const acknowledged: number[] = [];
    const writes = { up: { ok: 0, refused: 0 }, down: { ok: 0, refused: 0 }, back: { ok: 0, refused: 0 } };
    const reads = { up: 0, down: 0, back: 0 };
    const failures: string[] = [];

    const writer = async (w: World) => {
      while (running) {
        const at = phase;
        const res = await request(w.supplierToken, {
          method: 'POST',
          url: '/api/transactions',
          payload: bookingBody(w),
        });
        if (res.statusCode === 200) {
          const { id } = res.json() as { id: number };
          acknowledged.push(id);
          writes[at].ok += 1;
          // Read straight back by the same user, from whichever database the router chooses.
          const own = await request(w.supplierToken, { method: 'GET', url: `/api/transactions/${id}` });
          if (own.statusCode !== 200)
            failures.push(`own booking ${id} read back: ${own.statusCode} ${own.body}`);
        } else if (res.statusCode === 503) {
          writes[at].refused += 1;
          const body = res.json() as { errors: { message: string }[] };
          if (body.errors[0]?.message !== MESSAGES.databaseUnavailable) failures.push(`503 said ${res.body}`);
        } else {
          failures.push(`write answered ${res.statusCode} ${res.body}`);
        }
      }
    };
    const readerLoop = async () => {
      while (running) {
        const at = phase;
        const res = await request(readerToken, { method: 'GET', url: '/api/transactions' });
        if (res.statusCode === 200) reads[at] += 1;
        else failures.push(`read (${at}) answered ${res.statusCode} ${res.body}`);
      }
    };
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const load = Promise.all([...suppliers.map(writer), readerLoop()]);

    await wait(1500);
    const lastBefore = acknowledged.length;
    stopPrimary(cluster);
    phase = 'down';
    await wait(2500);
    // While the primary is down each supplier still reads its own acknowledged bookings.
    for (const w of suppliers) {
      const own = await request(w.supplierToken, { method: 'GET', url: '/api/transactions' });
      expect(own.statusCode).toBe(200);
    }
    startPrimary(cluster);
    phase = 'back';
    // Writes work again without a restart: wait (the test, not the app) until one is acknowledged.
    for (let i = 0; i < 100 && writes.back.ok < 3; i++) await wait(100);
    await wait(1000);
    running = false;
    await load;

    expect(failures).toEqual([]);
    expect(lastBefore).toBeGreaterThan(0);
    expect(writes.up.ok).toBeGreaterThan(0);
    expect(writes.down.refused).toBeGreaterThan(0);
    expect(writes.back.ok).toBeGreaterThan(0);
    expect(reads.down).toBeGreaterThan(0);

    // No acknowledged write lost: every one is on the primary, and reaches the replica.
    const ids = [...new Set(acknowledged)];
    const stored = await primary.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transactions where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    expect(stored.rows[0]!.n).toBe(ids.length);
    await replicaCaughtUp();
    const replayed = await replica.pool.query<{ n: number }>(
      'select count(*)::int as n from transactions where id = any($1::int[])',
      [ids],
    );
    expect(replayed.rows[0]!.n).toBe(ids.length);
    // Each supplier's list, read by the supplier, holds every booking acknowledged to it.
    for (const w of suppliers) {
      const page = await request(w.supplierToken, { method: 'GET', url: '/api/transactions' });
      const total = (page.json() as { total: number }).total;
      const mine = await primary.pool.query<{ n: number }>(
        'select count(*)::int as n from transactions where creditor_number = $1',
        [w.creditorNumber],
      );
      expect(total).toBe(mine.rows[0]!.n);
    }
  });
});
