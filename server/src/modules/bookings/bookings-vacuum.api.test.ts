// The list's covering indexes answer alone only on pages the visibility map marks all-visible, and a
// rename rewrites bookings spread over the whole table. This pins that autovacuum visits the bookings
// after writes of that size at a million bookings, where PostgreSQL's defaults wait for 200,000 changed
// rows (decision 0038), and that a stopping server does not wait for its own vacuum (decision 0039;
// that vacuum follows the writes of many bookings: bookings-after-write.api.test.ts). The bench's
// master-data section prints a deep page after renames until it is back.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { stopBookingsVacuum, vacuumBookingsSoon } from './bookings.vacuum';

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

describe("the server's vacuum of the bookings", () => {
  it('a server that stops ends its vacuum instead of waiting for it', async () => {
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
