// An invoice-date range in the default order sorts its matches by creation date, and its first request
// counts and sums their nets: with both columns in the invoice-date indexes, a range is read by an
// index-only scan instead of from the table (a 90-day range at a million bookings: every creditor's
// page 25-30 -> 14-20 ms, one creditor's 14-23 -> 1.4-1.9 ms; migration 0024). This pins the two
// indexes: their keys, and the creation date and the net they carry.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

describe('the invoice-date indexes of the bookings', () => {
  it('carry what a range in the default order and its totals read', async () => {
    const { rows } = await t.db.execute<{ name: string; keys: string[]; included: string[] }>(sql`
      select i.relname as name,
        array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
          where k.n <= x.indnkeyatts order by k.n) as keys,
        array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
          where k.n > x.indnkeyatts order by k.n) as included
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = 'transactions'::regclass and x.indpred is null
        and i.relname in ('transactions_invoice_date_idx', 'transactions_creditor_invoice_date_idx')
      order by 1`);
    expect(rows).toEqual([
      {
        name: 'transactions_creditor_invoice_date_idx',
        keys: ['creditor_number', 'invoice_date', 'id'],
        // And the export date, which one export status checks (migration 0031).
        included: ['creation_date', 'net', 'export_date'],
      },
      {
        name: 'transactions_invoice_date_idx',
        keys: ['invoice_date', 'id'],
        // And the columns of the filters a walk in invoice-date order checks (migration 0030).
        included: ['creation_date', 'net', 'article_number', 'export_date'],
      },
    ]);
  });
});
