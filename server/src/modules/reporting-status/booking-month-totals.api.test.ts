// The month totals the Meldestatus reads (booking_month_totals, migration 0015) stay equal to the
// bookings through every kind of write: the app's saves, edits, deletes, uploads, undone uploads and
// exports, multi-row statements that move bookings between creditors and months, parallel writers,
// a rolled back transaction and TRUNCATE. Each step compares the totals with the bookings aggregated
// directly, and so the debitor totals the bookings list's grouped pages read (booking_debitor_totals,
// migration 0028) and the exported bookings' month totals of its export-status lists
// (booking_exported_month_totals, migration 0032), which the same writes keep.
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

/**
 * The exported bookings' totals (count and net per creditor and month) the triggers keep, summed over
 * the export batches (folded into batch 0 after each export).
 */
async function keptExported(): Promise<unknown[]> {
  const { rows } = await t.pool.query(
    `select creditor_number, to_char(month, 'YYYY-MM') as month, sum(bookings)::int as bookings,
            sum(net)::numeric(14, 2)::text as net
       from booking_exported_month_totals group by 1, 2 having sum(bookings) <> 0 or sum(net) <> 0
      order by 1, 2`,
  );
  return rows;
}

/** The same counted from the bookings, empty reports included. */
async function countedExported(): Promise<unknown[]> {
  const { rows } = await t.pool.query(
    `select creditor_number, to_char(invoice_date, 'YYYY-MM') as month, count(*)::int as bookings,
            sum(net)::numeric(14, 2)::text as net
       from transactions where export_date is not null group by 1, 2 order by 1, 2`,
  );
  return rows;
}

/** The exported totals' rows of export batches not yet folded into batch 0. */
async function unfoldedRows(): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'select count(*)::int as n from booking_exported_month_totals where export_batch <> 0',
  );
  return rows[0]!.n;
}

async function expectTotalsMatchBookings() {
  expect(await kept()).toEqual(await counted());
  expect(await keptPerDebitor()).toEqual(await countedPerDebitor());
  expect(await keptExported()).toEqual(await countedExported());
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
    const exportedBefore = await keptExported();
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
    // The exported bookings' totals take the export in: every booking is exported now.
    expect(await keptExported()).not.toEqual(exportedBefore);
    expect(await keptExported()).toContainEqual({
      creditor_number: w.creditorNumber,
      month: '2025-08',
      bookings: 2,
      net: '15.54',
    });
    // Once the export has committed, its batch's rows are folded into batch 0 (after the answer).
    await expect.poll(unfoldedRows).toBe(0);
    await expectTotalsMatchBookings();

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

  it("keeps the exported bookings' totals exact while their batches' rows are folded into batch 0", async () => {
    for (const day of ['2025-12-01', '2025-12-15', '2026-01-31'])
      await createWorldBooking(t.db, w, { invoiceDate: day, net: '3.30' });
    const exported = await t.request(w.adminToken, {
      method: 'GET',
      url: '/api/transactions/export?format=csv&notExportedOnly=true',
    });
    expect(exported.statusCode, exported.body).toBe(200);
    await expect.poll(unfoldedRows).toBe(0);
    // Edits of exported bookings after the fold write their batch's rows again, here a move of two
    // bookings to the next month and a deletion.
    const { rows } = await t.pool.query<{ id: number }>(
      `select id from transactions where creditor_number = $1 and invoice_date between '2025-12-01' and '2026-01-31'
        order by id`,
      [w.creditorNumber],
    );
    await t.pool.query('update transactions set invoice_date = invoice_date + 31 where id = any($1::int[])', [
      rows.slice(0, 2).map((row) => row.id),
    ]);
    await t.pool.query('delete from transactions where id = $1', [rows[2]!.id]);
    expect(await unfoldedRows()).toBeGreaterThan(0);
    await expectTotalsMatchBookings();
    await t.pool.query('select booking_exported_month_totals_compact()');
    expect(await unfoldedRows()).toBe(0);
    await expectTotalsMatchBookings();
  });

  it('is emptied with the bookings by TRUNCATE, and rebuilt from them by the rebuild functions', async () => {
    await t.pool.query('delete from booking_month_totals');
    await t.pool.query('delete from booking_debitor_totals');
    await t.pool.query('delete from booking_exported_month_totals');
    await t.pool.query('select booking_month_totals_rebuild()');
    await t.pool.query('select booking_debitor_totals_rebuild()');
    await t.pool.query('select booking_exported_month_totals_rebuild()');
    await expectTotalsMatchBookings();
    expect((await kept()).length).toBeGreaterThan(0);
    expect((await keptPerDebitor()).length).toBeGreaterThan(0);
    expect((await keptExported()).length).toBeGreaterThan(0);

    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query('truncate transactions cascade');
      const { rows } = await client.query<{ n: number }>(
        `select (select count(*) from booking_month_totals) + (select count(*) from booking_debitor_totals)
              + (select count(*) from booking_exported_month_totals) as n`,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await client.query('rollback');
      client.release();
    }
    await expectTotalsMatchBookings();
  });
});
