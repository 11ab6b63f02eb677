// The list's covering indexes answer alone only on pages the visibility map marks all-visible, and a
// rename rewrites bookings spread over the whole table (decision 0038). This pins that autovacuum
// visits the bookings after writes of that size at a million bookings, where PostgreSQL's defaults
// wait for 200,000 changed rows; the bench's master-data section prints a deep page after the renames
// and once autovacuum has run.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const MILLION = 1_000_000;
/** The bookings of the article whose rename made page 10,000 by net 134 instead of 71 ms. */
const ARTICLE_RENAME = 6_400;
/** An upload of this many bookings: every deep page reads its new pages from the table until a vacuum. */
const UPLOAD = 10_000;

/** How many changed or inserted rows make autovacuum visit the bookings at `rows` bookings. */
async function vacuumAfter(rows: number): Promise<{ changed: number; inserted: number; autovacuum: string }> {
  const { rows: result } = await t.db.execute<{ changed: number; inserted: number; autovacuum: string }>(sql`
    with options as (
      select split_part(o, '=', 1) as name, split_part(o, '=', 2)::float8 as value
      from pg_class c cross join unnest(coalesce(c.reloptions, '{}')) o
      where c.oid = 'transactions'::regclass
    ),
    effective as (
      select coalesce((select value from options where name = ${'autovacuum_vacuum_threshold'}),
               current_setting('autovacuum_vacuum_threshold')::float8) as threshold,
             coalesce((select value from options where name = ${'autovacuum_vacuum_scale_factor'}),
               current_setting('autovacuum_vacuum_scale_factor')::float8) as scale,
             coalesce((select value from options where name = ${'autovacuum_vacuum_insert_threshold'}),
               current_setting('autovacuum_vacuum_insert_threshold')::float8) as insert_threshold,
             coalesce((select value from options where name = ${'autovacuum_vacuum_insert_scale_factor'}),
               current_setting('autovacuum_vacuum_insert_scale_factor')::float8) as insert_scale
    )
    select (threshold + scale * ${rows})::int as changed,
           (insert_threshold + insert_scale * ${rows})::int as inserted,
           current_setting('autovacuum') as autovacuum
    from effective`);
  return result[0]!;
}

describe('autovacuum of the bookings', () => {
  it('visits a million bookings after an article rename or an upload, not after a fifth of them', async () => {
    const { changed, inserted, autovacuum } = await vacuumAfter(MILLION);
    expect(autovacuum).toBe('on');
    expect(changed).toBeLessThan(ARTICLE_RENAME);
    expect(inserted).toBeLessThan(UPLOAD);
  });
});
