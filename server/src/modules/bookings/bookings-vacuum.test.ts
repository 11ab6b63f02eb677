// The list's covering indexes answer alone only on pages the visibility map marks all-visible, and a
// rename rewrites bookings spread over the whole table. This pins that autovacuum visits the bookings
// after writes of that size at a million bookings, where PostgreSQL's defaults wait for 200,000 changed
// rows (decision 0038), and that the server vacuums them itself right after a rename, an upload or an
// export of many (decision 0039). The bench's master-data section prints a deep page after the renames
// and once the vacuum has run.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { csvUpload } from '../upload/upload-test-support';
import { exportWorld } from './bookings-export.test-support';
import { MANY_BOOKINGS } from './bookings.after-write';
import { insertBookings } from './bookings.repository';
import { bookingsVacuumed, stopBookingsVacuum, vacuumBookingsSoon } from './bookings.vacuum';

const t = useTestApp();

const MILLION = 1_000_000;
/** The bookings of the article whose rename made page 10,000 by net 134 instead of 71 ms. */
const ARTICLE_RENAME = 6_400;
/** An upload of this many bookings: every deep page reads its new pages from the table until a vacuum. */
const UPLOAD = 10_000;

/** The table's own value of each autovacuum setting where it has one, else the server's. */
async function effectiveSettings(): Promise<Record<string, string>> {
  const { rows } = await t.db.execute<{ name: string; value: string }>(sql`
    select name, coalesce(
        (select split_part(o, '=', 2) from unnest(c.reloptions) o where split_part(o, '=', 1) = name),
        current_setting(name)) as value
    from pg_class c
    cross join unnest(array['autovacuum', 'autovacuum_vacuum_threshold', 'autovacuum_vacuum_scale_factor',
      'autovacuum_vacuum_insert_threshold', 'autovacuum_vacuum_insert_scale_factor']) name
    where c.oid = 'transactions'::regclass`);
  return Object.fromEntries(rows.map(({ name, value }) => [name, value]));
}

/** How many changed or inserted rows make autovacuum visit the bookings at `rows` bookings. */
async function vacuumAfter(rows: number): Promise<{ changed: number; inserted: number; autovacuum: string }> {
  const settings = await effectiveSettings();
  const value = (name: string) => Number(settings[name]);
  return {
    changed: value('autovacuum_vacuum_threshold') + value('autovacuum_vacuum_scale_factor') * rows,
    inserted:
      value('autovacuum_vacuum_insert_threshold') + value('autovacuum_vacuum_insert_scale_factor') * rows,
    autovacuum: settings.autovacuum!,
  };
}

describe('autovacuum of the bookings', () => {
  it('visits a million bookings after an article rename or an upload, not after a fifth of them', async () => {
    const { changed, inserted, autovacuum } = await vacuumAfter(MILLION);
    expect(autovacuum).toBe('on');
    expect(changed).toBeLessThan(ARTICLE_RENAME);
    expect(inserted).toBeLessThan(UPLOAD);
  });
});

/**
 * The table rows an index-only scan of the creditor's bookings had to read (its "Heap Fetches"): one
 * for each booking on a page the visibility map does not mark all-visible.
 */
async function heapFetches(creditorNumber: number): Promise<number> {
  const client = await t.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    await client.query('set local enable_bitmapscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      'explain (analyze, format json) select id from transactions where creditor_number = $1',
      [creditorNumber],
    );
    await client.query('commit');
    const scans = flatten(rows[0]!['QUERY PLAN'][0].Plan).filter((n) => n['Node Type'] === 'Index Only Scan');
    expect(scans.length, "an index-only scan reads the creditor's bookings").toBeGreaterThan(0);
    return scans.reduce((sum, n) => sum + n['Heap Fetches']!, 0);
  } finally {
    client.release();
  }
}

interface PlanNode {
  'Node Type': string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** A world whose `count` bookings are all on pages marked all-visible. */
async function vacuumedWorld(count: number): Promise<World> {
  const world = await createWorld(t);
  if (count > 0) {
    await insertBookings(
      t.db,
      Array.from({ length: count }, (_, i) => ({
        invoiceDate: '2025-03-01',
        invoiceNumber: `V-${i}`,
        net: '1.00',
        debitorNumber: world.debitorNumber,
        deliveryLocation: 'Rathaus',
        articleNumber: world.articleNumber,
        additionalInformation: null,
        creditorNumber: world.creditorNumber,
        creationUserEmailAddress: world.supplierEmail,
      })),
    );
  }
  await t.pool.query('vacuum transactions');
  expect(await heapFetches(world.creditorNumber)).toBe(0);
  return world;
}

describe('the server vacuums the bookings after a write of many', () => {
  // Under autovacuum's threshold of 50 changed rows: in a test, only the server's vacuum marks them.
  const RENAMED = 40;

  it('a creditor rename through the API: every renamed booking is read from the index alone afterwards', async () => {
    const world = await vacuumedWorld(RENAMED);
    const url = `/api/creditors/${world.creditorNumber}`;
    const creditor = (await t.request(world.adminToken, { method: 'GET', url })).json<object>();
    const res = await t.request(world.adminToken, {
      method: 'PUT',
      url,
      payload: { ...creditor, name: `${world.creditorName} (neu)` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: world.creditorNumber, errors: [] });
    await bookingsVacuumed(t.pool);
    expect(await heapFetches(world.creditorNumber)).toBe(0);
  });

  it(`an upload of ${MANY_BOOKINGS} bookings through the API: all of them are read from the index alone`, async () => {
    const world = await vacuumedWorld(0);
    const rows = Array.from({ length: MANY_BOOKINGS }, (_, i) => [
      '05.03.2025',
      `VAC-${world.creditorNumber}-${i}`,
      world.debitorNumber,
      'Rathaus',
      world.articleNumber,
      '12,50',
      '',
      world.creditorNumber,
    ]);
    const res = await t.request(world.adminToken, csvUpload(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: MANY_BOOKINGS, errors: [] });
    await bookingsVacuumed(t.pool);
    expect(await heapFetches(world.creditorNumber)).toBe(0);
  });

  it(`an export marking ${MANY_BOOKINGS} bookings: all of them are read from the index alone`, async () => {
    const world = await vacuumedWorld(MANY_BOOKINGS);
    const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
    const by = `vacuum-${world.creditorNumber}@example.org`;
    expect(await exportWorld(t, world, discard, { by, chunkRows: { first: 500, max: 500 } })).toBe(
      MANY_BOOKINGS,
    );
    await bookingsVacuumed(t.pool);
    expect(await heapFetches(world.creditorNumber)).toBe(0);
  });

  it('a server that stops cancels its vacuum instead of waiting for it', async () => {
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
    const blocker = new pg.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    try {
      // A lock that VACUUM waits for, as for another server's vacuum of the table.
      await blocker.query('begin; lock table transactions in share update exclusive mode');
      vacuumBookingsSoon(pool);
      await expect.poll(() => waitingVacuums(), { timeout: 5_000 }).toBe(1);
      await stopBookingsVacuum(pool);
      expect(await waitingVacuums()).toBe(0);
    } finally {
      await blocker.end();
      await pool.end();
    }
  });
});

/** Backends of this database waiting to vacuum the bookings. */
async function waitingVacuums(): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'vacuum%transactions' and wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}
