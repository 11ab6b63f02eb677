// The list's totals are reused while the bookings are unchanged (bookings.totals-cache.ts) and are
// counted again after every committed write, whichever way it reached the table.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { createWorld, createWorldBooking, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { insertBookings, selectBookingsDataVersion, type NewBookingRow } from './bookings.repository';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

async function totals(query: Record<string, string> = {}) {
  const res = await t.request(w.adminToken, {
    method: 'GET',
    url: '/api/transactions',
    query: { creditor: String(w.creditorNumber), ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json<{ total: number; netSum: number }>();
  return { total: page.total, netSum: page.netSum };
}

const row = (): NewBookingRow => ({
  invoiceDate: '2026-01-15',
  invoiceNumber: `RE-${Math.random().toString(36).slice(2, 10)}`,
  net: '1.00',
  debitorNumber: w.debitorNumber,
  deliveryLocation: 'Lager',
  articleNumber: w.articleNumber,
  additionalInformation: null,
  creditorNumber: w.creditorNumber,
  creationUserEmailAddress: w.supplierEmail,
});

describe('totals of the bookings list', () => {
  it('stay exact across pages and sort orders while writes commit in between', async () => {
    const first = await createWorldBooking(t.db, w, { net: '10.00' });
    expect(await totals()).toEqual({ total: 1, netSum: 10 });
    expect(await totals({ page: '2', sorting: 'net' })).toEqual({ total: 1, netSum: 10 });
    await createWorldBooking(t.db, w, { net: '5.50' });
    expect(await totals({ page: '2' })).toEqual({ total: 2, netSum: 15.5 });
    await t.db.update(bookings).set({ net: '1.00' }).where(eq(bookings.id, first.id));
    expect(await totals()).toEqual({ total: 2, netSum: 6.5 });
    await t.db.delete(bookings).where(eq(bookings.id, first.id));
    expect(await totals()).toEqual({ total: 1, netSum: 5.5 });
  });

  it('counts a committed write once per statement at commit, a rolled-back one never', async () => {
    const before = BigInt(await selectBookingsDataVersion(t.db));
    await expect(
      t.db.transaction(async (tx) => {
        await insertBookings(tx, [row()]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(BigInt(await selectBookingsDataVersion(t.db))).toBe(before);
    await t.db.transaction(async (tx) => {
      await insertBookings(tx, [row()]);
      await insertBookings(tx, [row(), row()]);
      // Not yet counted: the version moves when the writes become visible.
      expect(BigInt(await selectBookingsDataVersion(tx))).toBe(before);
    });
    expect(BigInt(await selectBookingsDataVersion(t.db))).toBe(before + 2n);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bookings_data_pending`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
