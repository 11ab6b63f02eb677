// The month totals the Meldestatus reads (booking_month_totals, migration 0015) stay equal to the
// bookings through every kind of write: the app's saves, edits, deletes, uploads, undone uploads and
// exports, multi-row statements that move bookings between creditors and months, parallel writers,
// a rolled back transaction and TRUNCATE. Each step compares the totals with the bookings aggregated
// directly, and so the debitor totals the bookings list's grouped pages read (booking_debitor_totals,
// migration 0028), which the same writes keep.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import { isoDayToWire } from '@lp/domain/dates';
import {
  bookingBody,
  createCreditor,
  createDebitor,
  createWorld,
  createWorldBooking,
  type World,
} from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { csvUpload } from '../upload/upload-test-support';

const t = useTestApp();
let w: World;

beforeAll(async () => {
  w = await createWorld(t);
});

interface Total {
  creditor: number;
  month: string;
  bookings: number;
  net: string;
  emptyReports: number;
}

/** The totals the triggers keep, without the rows that fell back to zero. */
async function kept(): Promise<Total[]> {
  const { rows } = await t.pool.query<Total>(
    `select creditor_number as creditor, to_char(month, 'YYYY-MM') as month, bookings,
            net::numeric(14, 2)::text as net, empty_reports as "emptyReports"
       from booking_month_totals where bookings <> 0 or empty_reports <> 0
      order by 1, 2`,
  );
  return rows;
}

/** The same figures aggregated from the bookings. */
async function counted(): Promise<Total[]> {
  const { rows } = await t.pool.query<Total>(
    `select creditor_number as creditor, to_char(invoice_date, 'YYYY-MM') as month,
            count(*) filter (where not e)::int as bookings,
            coalesce(sum(net) filter (where not e), 0)::numeric(14, 2)::text as net,
            count(*) filter (where e)::int as "emptyReports"
       from (select *, article_number = $1 and debitor_number = $2 as e from transactions) b
      group by 1, 2 order by 1, 2`,
    [EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER],
  );
  return rows;
}

/** The debitor totals (bookings per creditor and debitor) the triggers keep, without the zeros. */
async function keptPerDebitor(): Promise<unknown[]> {
  const { rows } = await t.pool.query(
    `select creditor_number, debitor_number, bookings from booking_debitor_totals
      where bookings <> 0 order by 1, 2`,
  );
  return rows;
}

/** The same counted from the bookings. */
async function countedPerDebitor(): Promise<unknown[]> {
  const { rows } = await t.pool.query(
    `select creditor_number, debitor_number, count(*)::int as bookings from transactions
      group by 1, 2 order by 1, 2`,
  );
  return rows;
}

async function expectTotalsMatchBookings() {
  expect(await kept()).toEqual(await counted());
  expect(await keptPerDebitor()).toEqual(await countedPerDebitor());
}

const totalOf = async (creditor: number, month: string) =>
  (await kept()).find((r) => r.creditor === creditor && r.month === month);

describe('booking_month_totals', () => {
  it('counts a saved booking, an edit that moves it to another month and its deletion', async () => {
    const body = bookingBody(w, { invoiceDate: isoDayToWire('2025-03-15'), net: 120.5 });
    const saved = await t.request(w.supplierToken, {
      method: 'POST',
      url: '/api/transactions',
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const booking = saved.json() as { id: number };
    expect(await totalOf(w.creditorNumber, '2025-03')).toEqual({
      creditor: w.creditorNumber,
      month: '2025-03',
      bookings: 1,
      net: '120.50',
      emptyReports: 0,
    });
    await expectTotalsMatchBookings();

    const edited = await t.request(w.supplierToken, {
      method: 'PUT',
      url: `/api/transactions/${booking.id}`,
      payload: { ...body, invoiceDate: isoDayToWire('2025-04-01'), net: 99.99, version: 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ errors: [] });
    expect(await totalOf(w.creditorNumber, '2025-03')).toBeUndefined();
    expect((await totalOf(w.creditorNumber, '2025-04'))?.net).toBe('99.99');
    await expectTotalsMatchBookings();

    const deleted = await t.request(w.supplierToken, {
      method: 'POST',
      url: '/api/transactions/delete',
      payload: [booking.id],
    });
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect(await totalOf(w.creditorNumber, '2025-04')).toBeUndefined();
    await expectTotalsMatchBookings();
  });

  it('counts an empty report apart from the bookings of its month', async () => {
    const emptyReport = bookingBody(w, {
      invoiceDate: isoDayToWire('2025-05-01'),
      invoiceNumber: '',
      net: 0,
      debitorId: EMPTY_REPORT_DEBITOR_NUMBER,
      articleId: EMPTY_REPORT_ARTICLE_NUMBER,
      deliveryLocation: '–',
      additionalInformation: null,
    });
    const res = await t.request(w.supplierToken, {
      method: 'POST',
      url: '/api/transactions',
      payload: emptyReport,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ errors: [] });
    await createWorldBooking(t.db, w, { invoiceDate: '2025-05-31', net: '10.00' });
    expect(await totalOf(w.creditorNumber, '2025-05')).toMatchObject({
      bookings: 1,
      net: '10.00',
      emptyReports: 1,
    });
    await expectTotalsMatchBookings();
  });

  it('adds an upload in one step and takes it back when the upload is undone', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [
      `${String(1 + (i % 28)).padStart(2, '0')}.${i % 2 === 0 ? '06' : '07'}.2025`,
      `MT-UP-${i}`,
      String(w.debitorNumber),
      'Bauhof',
      String(w.articleNumber),
      `${i + 1},25`,
      '',
      String(w.creditorNumber),
    ]);
    const uploaded = await t.request(w.supplierToken, csvUpload(rows));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await totalOf(w.creditorNumber, '2025-06')).toMatchObject({ bookings: 15 });
    expect(await totalOf(w.creditorNumber, '2025-07')).toMatchObject({ bookings: 15 });
    await expectTotalsMatchBookings();

    const batches = (await t.request(w.supplierToken, { method: 'GET', url: '/api/uploads' })).json() as {
      id: number;
    }[];
    const undone = await t.request(w.supplierToken, {
      method: 'DELETE',
      url: `/api/uploads/${batches[0]!.id}`,
    });
    expect(undone.statusCode, undone.body).toBe(204);
    expect(await totalOf(w.creditorNumber, '2025-06')).toBeUndefined();
    await expectTotalsMatchBookings();
  });

  it('leaves the totals untouched by an export, and follows multi-row moves between creditors', async () => {
    for (const day of ['2025-08-01', '2025-08-31', '2025-09-30'])
      await createWorldBooking(t.db, w, { invoiceDate: day, net: '7.77' });
    const before = await kept();
    const exported = await t.request(w.adminToken, {
      method: 'GET',
      url: '/api/transactions/export?format=csv',
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const { rows } = await t.pool.query<{ n: number }>(
      'select count(*)::int as n from transactions where export_date is null',
    );
    expect(rows[0]!.n).toBe(0);
    expect(await kept()).toEqual(before);

    const other = (await createCreditor(t.db)).number;
    await t.db.execute(sql`update transactions
      set creditor_number = ${other}, invoice_date = invoice_date + 1, net = net * 2
      where creditor_number = ${w.creditorNumber} and invoice_date between '2025-08-01' and '2025-09-30'`);
    // 08-01 → 08-02, 08-31 → 09-01, 09-30 → 10-01: one booking in each month, at twice its amount.
    for (const month of ['2025-08', '2025-09', '2025-10'])
      expect(await totalOf(other, month)).toMatchObject({ bookings: 1, net: '15.54' });
    expect(await totalOf(w.creditorNumber, '2025-08')).toBeUndefined();
    await expectTotalsMatchBookings();

    // A multi-row move between debitors, and the other way for one of them.
    const debitor = (await createDebitor(t.db)).number;
    await t.db.execute(
      sql`update transactions set debitor_number = ${debitor} where creditor_number = ${other}`,
    );
    await t.db.execute(sql`update transactions set debitor_number = ${w.debitorNumber}
      where id = (select min(id) from transactions where creditor_number = ${other})`);
    expect(await keptPerDebitor()).toContainEqual({
      creditor_number: other,
      debitor_number: debitor,
      bookings: 2,
    });
    await expectTotalsMatchBookings();
  });

  it('keeps parallel writers of one month exact, and forgets a rolled back write', async () => {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        createWorldBooking(t.db, w, { invoiceDate: '2025-11-11', net: '1.01' }),
      ),
    );
    expect(await totalOf(w.creditorNumber, '2025-11')).toMatchObject({ bookings: 20, net: '20.20' });

    await expect(
      t.db.transaction(async (tx) => {
        await createWorldBooking(tx as never, w, { invoiceDate: '2025-11-12', net: '5.00' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await totalOf(w.creditorNumber, '2025-11')).toMatchObject({ bookings: 20, net: '20.20' });
    await expectTotalsMatchBookings();
  });

  it('is emptied with the bookings by TRUNCATE, and rebuilt from them by the rebuild functions', async () => {
    await t.pool.query('delete from booking_month_totals');
    await t.pool.query('delete from booking_debitor_totals');
    await t.pool.query('select booking_month_totals_rebuild()');
    await t.pool.query('select booking_debitor_totals_rebuild()');
    await expectTotalsMatchBookings();
    expect((await kept()).length).toBeGreaterThan(0);
    expect((await keptPerDebitor()).length).toBeGreaterThan(0);

    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query('truncate transactions cascade');
      const { rows } = await client.query<{ n: number }>(
        'select (select count(*) from booking_month_totals) + (select count(*) from booking_debitor_totals) as n',
      );
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await client.query('rollback');
      client.release();
    }
    await expectTotalsMatchBookings();
  });
});
