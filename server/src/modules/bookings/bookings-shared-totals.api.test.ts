// Several servers on one database count a filter once (decision 0043): a server that has not counted
// it reads the totals another one stored at the current data version, and counts anew after a write.
// Each "server" here is the app built from a fresh module graph, with caches of its own, as a second
// process has.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorld, createWorldBooking, type World } from '../../../test/factories';
import { lockBookingsTable, untilLockWaiters, untilWaitingOrSettled } from '../../../test/lock-waiters';
import { sentStatements } from '../../../test/sent-statements';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
const TERM = 'Geteilte Summe';
let w: World;
let other: World;
const servers: FastifyInstance[] = [];

beforeAll(async () => {
  w = await createWorld(t);
  other = await createWorld(t);
  for (const [world, count] of [
    [w, 7],
    [other, 3],
  ] as const)
    for (let i = 0; i < count; i++)
      await createWorldBooking(t.db, world, { additionalInformation: `${TERM} ${i}`, net: '12.34' });
});

afterAll(async () => {
  for (const server of servers) await server.close();
});

/** Another server on the same database: the app of a fresh module graph, its caches empty. */
async function anotherServer(): Promise<FastifyInstance> {
  vi.resetModules();
  const { buildApp } = await import('../../app');
  const server = await buildApp({ db: t.db, pool: t.pool, config: t.config });
  servers.push(server);
  await server.ready();
  return server;
}

async function list(server: FastifyInstance, token: string) {
  const res = await server.inject({
    method: 'GET',
    url: '/api/transactions',
    query: { searchQuery: TERM },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: number }[]; total: number; netSum: number }>();
}

const COUNT = /select count\(\*\)::int as total/;
const counts = (statements: { text: string }[]) => statements.filter(({ text }) => COUNT.test(text));

describe('the totals of a filter on several servers', () => {
  it('are counted on one server and read by another without counting', async () => {
    const first = await anotherServer();
    const second = await anotherServer();
    let counted!: Awaited<ReturnType<typeof list>>;
    expect(
      counts(await sentStatements(async () => (counted = await list(first, w.adminToken)))),
    ).toHaveLength(1);
    expect(counted).toMatchObject({ total: 10, netSum: 123.4 });
    let read!: Awaited<ReturnType<typeof list>>;
    expect(counts(await sentStatements(async () => (read = await list(second, w.adminToken))))).toHaveLength(
      0,
    );
    expect(read).toEqual(counted);
  });

  it('are counted anew after a write, and the stored totals of the old data are deleted', async () => {
    const first = await anotherServer();
    await list(first, w.adminToken);
    await createWorldBooking(t.db, w, { additionalInformation: `${TERM} neu`, net: '1.00' });
    const second = await anotherServer();
    let after!: Awaited<ReturnType<typeof list>>;
    expect(counts(await sentStatements(async () => (after = await list(second, w.adminToken))))).toHaveLength(
      1,
    );
    expect(after).toMatchObject({ total: 11, netSum: 124.4 });
    const { rows } = await t.db.execute<{ stale: number }>(
      sql`select count(*)::int as stale from list_totals
        where version < (select version from bookings_data_version)`,
    );
    expect(rows[0]!.stale).toBe(0);
    // The next server reads the new totals.
    const third = await anotherServer();
    expect(counts(await sentStatements(() => list(third, w.adminToken)))).toHaveLength(0);
  });

  it("are a supplier's own: another creditor's supplier counts its own bookings", async () => {
    const first = await anotherServer();
    expect(await list(first, w.supplierToken)).toMatchObject({ total: 8 });
    const second = await anotherServer();
    expect(await list(second, other.supplierToken)).toMatchObject({ total: 3, netSum: 37.02 });
    expect(await list(second, w.supplierToken)).toMatchObject({ total: 8 });
  });

  it('are counted once when a second server is asked while the first one counts', async () => {
    const first = await anotherServer();
    const second = await anotherServer();
    // A new data version without a changed booking: what is stored no longer counts.
    await t.db.execute(sql`update transactions set version = version where false`);
    let answers: Awaited<ReturnType<typeof list>>[] = [];
    const statements = await sentStatements(async () => {
      // The first server's count waits for this lock, as a long count would take its time.
      const release = await lockBookingsTable(t.pool);
      try {
        const counting = list(first, w.adminToken);
        await untilWaitingOrSettled(t.pool, counting);
        const joining = list(second, w.adminToken);
        // The second server waits too: for the first one's count, or, without the shared lock, for
        // its own.
        await untilLockWaiters(t.pool, 2, 2_000);
        await release();
        answers = await Promise.all([counting, joining]);
      } finally {
        await release();
      }
    });
    expect(counts(statements)).toHaveLength(1);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ total: 11, netSum: 124.4 });
  });

  it('are counted by the server that waited when the count it waited for fails', async () => {
    const first = await anotherServer();
    const second = await anotherServer();
    await t.db.execute(sql`update transactions set version = version where false`);
    const release = await lockBookingsTable(t.pool);
    try {
      const failing = first.inject({
        method: 'GET',
        url: '/api/transactions',
        query: { searchQuery: TERM },
        headers: { authorization: `Bearer ${w.adminToken}` },
      });
      await untilWaitingOrSettled(t.pool, failing);
      const waiting = list(second, w.adminToken);
      await untilLockWaiters(t.pool, 2, 2_000);
      // The first server's count ends in an error (as on a lost connection), its lock with it.
      await t.pool.query(
        `select pg_cancel_backend(pid) from pg_stat_activity
          where datname = current_database() and wait_event = 'relation' and query like '%count(*)%'`,
      );
      expect((await failing).statusCode).not.toBe(200);
      await release();
      expect(await waiting).toMatchObject({ total: 11, netSum: 124.4 });
    } finally {
      await release();
    }
  });
});
