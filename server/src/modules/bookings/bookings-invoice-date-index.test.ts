// An invoice-date range in the default order sorts its matches by creation date, and its first request
// counts and sums their nets: with both columns in the invoice-date index, a 90-day range of a million
// bookings is read by an index-only scan instead of from the table (page 25-30 -> 14-20 ms, migration
// 0024). This pins the index: led by the invoice date and the id, carrying the creation date and the net.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

describe('the invoice-date index of the bookings', () => {
  it('carries what a range in the default order and its totals read', async () => {
    const { rows } = await t.db.execute<{ name: string; keys: string[]; included: string[] }>(sql`
      select i.relname as name,
        array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
          where k.n <= x.indnkeyatts order by k.n) as keys,
        array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
          where k.n > x.indnkeyatts order by k.n) as included
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = 'transactions'::regclass and x.indpred is null`);
    const led = rows.filter((index) => index.keys[0] === 'invoice_date');
    expect(led.map(({ name, keys }) => ({ name, keys }))).toEqual([
      { name: 'transactions_invoice_date_idx', keys: ['invoice_date', 'id'] },
    ]);
    expect(led[0]!.included).toEqual(['creation_date', 'net']);
  });
});
