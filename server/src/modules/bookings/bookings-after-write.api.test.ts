// After a write of many bookings (bookings.after-write.ts) the next requests read no more than before it:
// a rename, an upload and an export of many bookings leave no search entries pending in the trigram
// indexes once they have answered (decision 0025), and none of their bookings on a page the list's
// index-only scans must read from the table once the server's vacuum has run (decision 0039).
import { Writable } from 'node:stream';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../../test/factories';
import { creditorHeapFetches } from '../../../test/heap-fetches';
import { useTestApp } from '../../../test/test-app';
import { csvUpload } from '../upload/upload-test-support';
import { exportWorld } from './bookings-export.test-support';
import { MANY_BOOKINGS } from './bookings.after-write';
import { insertBookings } from './bookings.repository';
import { TRIGRAM_INDEXES } from './bookings.search-indexes';
import { bookingsVacuumed } from './bookings.vacuum';

const t = useTestApp();

/** Pages of the pending lists: gin_clean_pending_list merges them and answers how many it removed. */
async function pendingPages(): Promise<number> {
  const { rows } = await t.pool.query<{ pages: number }>(
    'select coalesce(sum(gin_clean_pending_list(name::regclass)), 0)::int as pages from unnest($1::text[]) name',
    [TRIGRAM_INDEXES],
  );
  return rows[0]!.pages;
}

/** A world with `count` bookings, merged into the search indexes and on pages marked all-visible. */
async function settledWorld(count: number): Promise<World> {
  const world = await createWorld(t);
  if (count > 0) {
    await insertBookings(
      t.db,
      Array.from({ length: count }, (_, i) => ({
        invoiceDate: '2025-03-01',
        invoiceNumber: `S-${world.creditorNumber}-${i}`,
        net: '1.00',
        debitorNumber: world.debitorNumber,
        deliveryLocation: 'Rathaus',
        articleNumber: world.articleNumber,
        additionalInformation: `Zeile ${i}`,
        creditorNumber: world.creditorNumber,
        creationUserEmailAddress: world.supplierEmail,
      })),
    );
  }
  await t.pool.query('vacuum transactions');
  expect(await pendingPages()).toBe(0);
  expect(await creditorHeapFetches(t.databaseUrl, world.creditorNumber)).toBe(0);
  return world;
}

/**
 * Waits until no other session of the database holds a snapshot from before now (the job queue's
 * polling statement, the session cache), so that the vacuum let go next can mark the written rows
 * all-visible: a snapshot older than them keeps their pages unmarked whoever vacuums (seen once in
 * CI under load). The vacuum waiting for the lock and the lock's own session are not counted.
 */
async function untilNoSnapshotOlderThanNow(holder: pg.Client): Promise<void> {
  const { rows } = await t.pool.query<{ xmax: string }>(
    'select pg_snapshot_xmax(pg_current_snapshot())::text as xmax',
  );
  const holderPid = (holder as pg.Client & { processID: number }).processID;
  await expect
    .poll(
      async () =>
        (
          await t.pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and pid not in (pg_backend_pid(), $1)
               and backend_xmin is not null and backend_xmin::text::bigint < $2::bigint
               and query not ilike 'vacuum%'`,
            [holderPid, rows[0]!.xmax],
          )
        ).rows[0]!.n,
      { timeout: 10_000 },
    )
    .toBe(0);
}

/**
 * Runs `write`, then checks that nothing is pending once it has answered and that none of the world's
 * bookings is on an unmarked page once the server's vacuum has run. The vacuum would merge the pending
 * entries too: it waits for a lock held here until the first check is done, so that check sees what the
 * write's own request left.
 */
async function expectSettledAfter(world: World, write: () => Promise<void>): Promise<void> {
  const vacuumHeldBack = new pg.Client({ connectionString: t.databaseUrl });
  await vacuumHeldBack.connect();
  try {
    await vacuumHeldBack.query('begin; lock table transactions in share update exclusive mode');
    await write();
    expect(await pendingPages()).toBe(0);
    await untilNoSnapshotOlderThanNow(vacuumHeldBack);
  } finally {
    await vacuumHeldBack.end();
  }
  await bookingsVacuumed(t.pool);
  expect(await creditorHeapFetches(t.databaseUrl, world.creditorNumber)).toBe(0);
}

describe('after a write of many bookings', () => {
  // Under autovacuum's threshold of 50 changed rows: in a test, only the server's vacuum marks them.
  const RENAMED = 40;

  it('a creditor rename through the API', async () => {
    const world = await settledWorld(RENAMED);
    const url = `/api/creditors/${world.creditorNumber}`;
    const creditor = (await t.request(world.adminToken, { method: 'GET', url })).json<object>();
    await expectSettledAfter(world, async () => {
      const res = await t.request(world.adminToken, {
        method: 'PUT',
        url,
        payload: { ...creditor, name: `${world.creditorName} (neu)` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: world.creditorNumber, errors: [] });
    });
  });

  it(`an upload of ${MANY_BOOKINGS} bookings through the API`, async () => {
    const world = await settledWorld(0);
    const rows = Array.from({ length: MANY_BOOKINGS }, (_, i) => [
      '05.03.2025',
      `UPL-${world.creditorNumber}-${i}`,
      world.debitorNumber,
      'Rathaus',
      world.articleNumber,
      '12,50',
      `Zeile ${i}`,
      world.creditorNumber,
    ]);
    await expectSettledAfter(world, async () => {
      const res = await t.request(world.adminToken, csvUpload(rows));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ count: MANY_BOOKINGS, errors: [] });
    });
  });

  it(`an export marking ${MANY_BOOKINGS} bookings`, async () => {
    const world = await settledWorld(MANY_BOOKINGS);
    const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
    const by = `export-${world.creditorNumber}@example.org`;
    await expectSettledAfter(world, async () => {
      const exported = await exportWorld(t, world, discard, { by, chunkRows: { first: 500, max: 500 } });
      expect(exported).toBe(MANY_BOOKINGS);
    });
  });
});
