// A sort key the list treats as creditor-led (CREDITOR_LED_SORT_KEYS) is walked in one creditor's
// index instead of sorting all of the creditor's bookings; without that index the walk passes every
// other creditor's bookings, a supplier's page turns from milliseconds into a scan. This pins each
// such key to an index of the bookings that starts with (creditor_number, its column, id), and the
// article filter to an index of the article, the creditor and the id that carries the net; and each
// order a deep page of a large filter walks (FILTER_CARRYING_SORT_KEYS, the `walkedIds` plan) to an
// index that checks the filter without the table.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SortKey } from '@lp/domain/booking-list-query';
import { PgDialect } from 'drizzle-orm/pg-core';
import { useTestApp } from '../../../test/test-app';
import { bookingWhere, CREDITOR_LED_SORT_KEYS, FILTER_CARRYING_SORT_KEYS } from './bookings.filter';

const t = useTestApp();

/** The columns an index must start with to serve one creditor's list in a key's order. */
const LEADING_COLUMNS: Partial<Record<SortKey, string[]>> = {
  creation_date: ['creditor_number', 'creation_date', 'id'],
  invoice_date: ['creditor_number', 'invoice_date', 'id'],
  // One creditor's bookings all have its number: the order is the id's.
  creditor_number: ['creditor_number', 'id'],
  net: ['creditor_number', 'net', 'id'],
  article_name: ['creditor_number', 'article_name', 'id'],
};

/** The names of the bookings' indexes whose key starts with these columns (partial ones left out). */
async function indexesStartingWith(columns: string[]): Promise<string[]> {
  const { rows } = await t.db.execute<{ name: string; columns: string[] }>(sql`
    select i.relname as name,
      array(select a.attname::text
        from unnest(x.indkey[0:x.indnkeyatts - 1]) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
        order by k.n) as columns
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = 'transactions'::regclass and x.indpred is null`);
  return rows
    .filter((index) => columns.every((column, position) => index.columns[position] === column))
    .map((index) => index.name);
}

/** The columns an index carries beyond its key (INCLUDE). */
async function includedColumns(index: string): Promise<string[]> {
  const { rows } = await t.db.execute<{ column: string }>(sql`
    select a.attname::text as column
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    cross join unnest(x.indkey[x.indnkeyatts:]) k(attnum)
    join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
    where i.relname = ${index}`);
  return rows.map((row) => row.column);
}

describe('creditor-led sort keys', () => {
  it.each(CREDITOR_LED_SORT_KEYS)(
    '%s has an index led by the creditor that carries the export date',
    async (key) => {
      const wanted = LEADING_COLUMNS[key];
      expect(wanted, `LEADING_COLUMNS lacks ${key}`).toBeDefined();
      const indexes = await indexesStartingWith(wanted!);
      expect(indexes).not.toEqual([]);
      // And one export status is checked there (migration 0031): through the table a supplier's page 1
      // of bookings not yet exported, oldest first, took 196 ms instead of 8 ms.
      const carried = await Promise.all(indexes.map(includedColumns));
      expect(
        carried.some((columns) => columns.includes('export_date')),
        indexes.join(', '),
      ).toBe(true);
    },
  );
});

describe('the article filter', () => {
  // Without the creditor in the article's index, PostgreSQL AND-ed the article's bookings with a
  // bitmap of all 74,449 of the creditor's: 8 ms instead of 0.65 ms for 471 matches (migration 0027).
  // With the id and the net, one article's bookings are read in id order (the list by article name)
  // and counted and summed without the table: 278 -> 19-29 ms and 214 -> 11-22 ms for the most
  // common article of the million (migration 0029).
  it('has an index of the article, the creditor and the id that carries the net', async () => {
    const [index] = await indexesStartingWith(['article_number', 'creditor_number', 'id']);
    expect(index).toBeDefined();
    expect(await includedColumns(index!)).toContain('net');
  });
});

describe("one creditor's covering index", () => {
  // A supplier's list that no index led by the creditor and the order serves is sorted out of
  // transactions_creditor_list_idx (the `sortedMatches` and grouped plans). A column of the list's
  // condition the index lacks is read in the table for each of the creditor's bookings: the search
  // "Stadt" by debitor name passed 74,000 bookings on 16,000 pages for the additional information,
  // 129-165 ms instead of ~51 ms on a million uploaded through the API (migrations 0035, 0036).
  it("carries every column the list's condition reads, but the export batch's", async () => {
    const where = bookingWhere(
      {
        ids: [1],
        invoiceDateFrom: '2026-01-01',
        invoiceDateUntil: '2026-12-31',
        exportedOnly: true,
        article: 1,
        debitor: 1,
        creditor: 1,
        exportBatch: 1,
        searchQuery: 'Stadt',
      },
      { allCreditors: false, creditorNumber: 1 },
      {
        pattern: '%Stadt%',
        debitors: [1],
        articles: [1],
        creditors: [2],
        locations: ['Stadtbad'],
        everyCreditor: false,
        net: null,
        invoiceDate: null,
      },
    );
    const read = new Set(
      [...new PgDialect().sqlToQuery(where).sql.matchAll(/\bt\.(\w+)/g)].map((match) => match[1]!),
    );
    // The export batch's bookings are found by their own index (transactions_export_batch_idx).
    read.delete('export_batch_id');
    // Written out, so that the check below cannot pass on a condition read wrongly (no column at all).
    expect([...read].sort()).toEqual([
      'additional_information_lower',
      'article_number',
      'creditor_number',
      'debitor_number',
      'delivery_location',
      'export_date',
      'id',
      'invoice_date',
      'invoice_number_lower',
    ]);
    const [index] = await indexesStartingWith(['creditor_number', 'id']);
    expect(index).toBe('transactions_creditor_list_idx');
    const carried = ['creditor_number', 'id', ...(await includedColumns(index!))];
    expect([...read].filter((column) => !carried.includes(column))).toEqual([]);
  });
});

describe("every creditor's list orders", () => {
  // The page plan `idsFirst` walks an order's index for a page's ids; a filter on the invoice date, the
  // article or the export status is checked there only when the index carries its column. Without
  // them exportedOnly by net on a middle page took 1.5 s instead of 60-90 ms (migration 0030).
  const orders: [SortKey, string][] = [
    ['invoice_number', 'invoice_number'],
    ['creation_date', 'creation_date'],
    ['net', 'net'],
    ['debitor_number', 'debitor_number'],
    ['location', 'delivery_location'],
    ['creation_email_address', 'creation_user_email_address'],
    ['debitor_name', 'debitor_name'],
    ['article_name', 'article_name'],
    ['creditor_name', 'creditor_name'],
    ['invoice_date', 'invoice_date'],
    ['export_date', 'export_date'],
  ];

  it.each(orders)('%s has an index that carries the filtered columns', async (_key, column) => {
    const indexes = await indexesStartingWith([column, 'id']);
    const carried = await Promise.all(
      indexes.map(async (index) => [column, ...(await includedColumns(index))]),
    );
    expect(
      carried.some((columns) =>
        ['invoice_date', 'article_number', 'export_date'].every((c) => columns.includes(c)),
      ),
      `indexes ${indexes.join(', ')}`,
    ).toBe(true);
  });
});

describe("every creditor's order indexes", () => {
  const COLUMNS: Record<SortKey, string> = {
    invoice_date: 'invoice_date',
    invoice_number: 'invoice_number',
    debitor_number: 'debitor_number',
    debitor_name: 'debitor_name',
    location: 'delivery_location',
    article_name: 'article_name',
    net: 'net',
    creditor_number: 'creditor_number',
    creditor_name: 'creditor_name',
    export_date: 'export_date',
    creation_date: 'creation_date',
    creation_email_address: 'creation_user_email_address',
  };

  // `walkedIds` keeps PostgreSQL from any plan but the walk: an index that had to look up the
  // filter's columns in the table would then read the table for up to half a million bookings.
  it.each(FILTER_CARRYING_SORT_KEYS)(
    '%s is walked in an index that carries the invoice date, the article and the export date',
    async (key) => {
      const column = COLUMNS[key];
      const indexes = await indexesStartingWith([column, 'id']);
      expect(indexes).not.toEqual([]);
      const carried = await Promise.all(
        indexes.map(async (index) => [column, ...(await includedColumns(index))]),
      );
      expect(
        carried.some((columns) =>
          ['invoice_date', 'article_number', 'export_date'].every((c) => columns.includes(c)),
        ),
        indexes.join(', '),
      ).toBe(true);
    },
  );
});
