// The list's totals are reused while the bookings are unchanged (bookings.totals-cache.ts) and are
// counted again after every committed write, whichever way it reached the table.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import { bookings } from '../../db/schema';
import {
  createWorld,
  createWorldBooking,
  daysAgo,
  type World,
  worldBookingRow,
} from '../../../test/factories';
import { lockBookingsTable, untilLockWaiters, untilWaitingOrSettled } from '../../../test/lock-waiters';
import { sentStatements } from '../../../test/sent-statements';
import { useTestApp } from '../../../test/test-app';
import { selectBookingsDataVersion } from './bookings.data-version';
import { insertBookings } from './bookings.repository';

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

const row = () => worldBookingRow(w, { invoiceDate: '2026-01-15', net: '1.00' });

/**
 * How many statements the app sends for the bookings while answering `run`: not the session check
 * (answered from the session cache or not, decision 0034) nor the cache's heartbeats.
 */
const statementsOf = async (run: () => Promise<unknown>) =>
  (await sentStatements(run)).filter(
    // A new pooled connection's own setting, the cache's heartbeat and the session check.
    ({ name, text }) => name !== 'session_user' && !text.includes('pg_notify') && !text.startsWith('set jit'),
  ).length;

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

  it("are confirmed by the page's own statement while the bookings are unchanged", async () => {
    const world = await createWorld(t);
    await createWorldBooking(t.db, world, { net: '2.00' });
    const list = (token: string, query: Record<string, string> = {}) =>
      t.request(token, { method: 'GET', url: '/api/transactions', query });
    for (const [token, query] of [
      [world.supplierToken, {}], // kept month totals of one creditor
      [world.adminToken, { creditor: String(world.creditorNumber), article: String(world.articleNumber) }],
    ] as const) {
      await list(token, query); // counts and caches the totals
      // The page alone, which reads the data version too.
      expect(await statementsOf(() => list(token, { ...query, sorting: 'net' }))).toBe(1);
      const beyondTheEnd = await list(token, { ...query, page: '3' });
      expect(beyondTheEnd.json()).toMatchObject({ items: [], total: 1, netSum: 2 });
    }
    await createWorldBooking(t.db, world, { net: '0.50' });
    const afterWrite = await list(world.supplierToken, { sorting: 'net' });
    expect(afterWrite.json()).toMatchObject({ total: 2, netSum: 2.5 });
    expect(afterWrite.json<{ items: { net: number }[] }>().items.map((item) => item.net)).toEqual([0.5, 2]);
  });

  it('answer a search without matches again from the cache, without testing every booking again', async () => {
    const world = await createWorld(t);
    await createWorldBooking(t.db, world, { additionalInformation: 'Bestellung 4711' });
    const search = () =>
      t.request(world.adminToken, { method: 'GET', url: '/api/transactions', query: { searchQuery: 'Q9Z' } });
    expect((await search()).json()).toMatchObject({ items: [], total: 0, netSum: 0 });
    // The search's look-up in the master data and the data version: no page is read past the last
    // of no matches, which for a term the trigram indexes cannot narrow tests every booking.
    expect(await statementsOf(search)).toBe(2);
    expect((await search()).json()).toMatchObject({ items: [], total: 0, netSum: 0 });
    const found = await createWorldBooking(t.db, world, {
      additionalInformation: 'Lieferung q9z',
      net: '3.00',
    });
    const afterWrite = (await search()).json<{ items: { id: number }[]; total: number; netSum: number }>();
    expect(afterWrite).toMatchObject({ total: 1, netSum: 3 });
    expect(afterWrite.items.map((item) => item.id)).toEqual([found.id]);
  });

  it('are counted once for requests of the same filter that arrive while it is counted', async () => {
    const world = await createWorld(t);
    for (const net of ['1.25', '2.50', '4.00'])
      await createWorldBooking(t.db, world, { additionalInformation: 'Sammelbestellung Nord', net });
    // A user who sorts while the search's first answer is still on its way: the second request comes
    // while the first one's count runs (held here by a lock on the bookings, as a long count would be).
    const search = (sorting: string) =>
      t.request(world.adminToken, {
        method: 'GET',
        url: '/api/transactions',
        query: { searchQuery: 'Sammelbestellung', sorting },
      });
    let answers: Awaited<ReturnType<typeof search>>[] = [];
    const statements = await sentStatements(async () => {
      const release = await lockBookingsTable(t.pool);
      try {
        const first = search('creation_date_desc');
        await untilWaitingOrSettled(t.pool, first);
        const second = search('net_desc');
        // A second count would wait for the lock too; the shared one does not.
        await untilLockWaiters(t.pool, 2, 1_000);
        await release();
        answers = await Promise.all([first, second]);
      } finally {
        await release();
      }
    });
    for (const answer of answers) expect(answer.json()).toMatchObject({ total: 3, netSum: 7.75 });
    expect(answers[1]!.json<{ items: { net: number }[] }>().items.map((item) => item.net)).toEqual([
      4, 2.5, 1.25,
    ]);
    expect(statements.filter(({ text }) => /select count\(\*\)::int as total/.test(text))).toHaveLength(1);
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

describe('totals of the whole list or of whole creditors (kept month totals, not counted)', () => {
  async function listTotals(token: string, query: Record<string, string> = {}) {
    const res = await t.request(token, { method: 'GET', url: '/api/transactions', query });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ total: number; netSum: number }>();
    return { total: page.total, netSum: page.netSum };
  }

  async function counted(creditorNumber?: number) {
    const { rows } = await t.db.execute<{ total: number; netSum: string }>(
      sql`select count(*)::int as total, coalesce(sum(net), 0)::text as "netSum" from transactions
        where ${creditorNumber === undefined ? sql`true` : sql`creditor_number = ${creditorNumber}`}`,
    );
    return { total: rows[0]!.total, netSum: Number(rows[0]!.netSum) };
  }

  it('equal a fresh count for admins and suppliers after writes of every kind, empty reports included', async () => {
    const mine = await createWorld(t);
    const other = await createWorld(t);
    const first = await createWorldBooking(t.db, mine, { net: '10.25' });
    await createWorldBooking(t.db, mine, { net: '-3.10', invoiceDate: daysAgo(70) });
    await createWorldBooking(t.db, other, { net: '7.00' });
    const report = await createWorldBooking(t.db, mine, {
      articleNumber: EMPTY_REPORT_ARTICLE_NUMBER,
      debitorNumber: EMPTY_REPORT_DEBITOR_NUMBER,
      invoiceDate: '2025-03-01',
      net: '0',
    });
    // The month totals leave empty reports out; one whose net was changed behind the app's back
    // still counts with the net it has.
    await t.db.update(bookings).set({ net: '0.05' }).where(eq(bookings.id, report.id));
    await t.db
      .update(bookings)
      .set({ net: '20.00', invoiceDate: daysAgo(400) })
      .where(eq(bookings.id, first.id));

    const check = async () => {
      expect(await listTotals(mine.adminToken)).toEqual(await counted());
      expect(await listTotals(mine.adminToken, { creditor: String(mine.creditorNumber) })).toEqual(
        await counted(mine.creditorNumber),
      );
      expect(await listTotals(mine.supplierToken)).toEqual(await counted(mine.creditorNumber));
      expect(await listTotals(mine.supplierToken, { creditor: String(mine.creditorNumber) })).toEqual(
        await counted(mine.creditorNumber),
      );
      expect(await listTotals(mine.supplierToken, { creditor: String(other.creditorNumber) })).toEqual({
        total: 0,
        netSum: 0,
      });
    };
    await check();
    expect(await listTotals(mine.supplierToken)).toEqual({ total: 3, netSum: 16.95 });
    await t.db.delete(bookings).where(eq(bookings.id, first.id));
    await t.db
      .update(bookings)
      .set({ creditorNumber: other.creditorNumber })
      .where(eq(bookings.creditorNumber, mine.creditorNumber));
    await check();
    expect(await listTotals(mine.supplierToken)).toEqual({ total: 0, netSum: 0 });
  });

  it('are read from the month totals, not counted, for exactly those lists', async () => {
    const w = await createWorld(t);
    await createWorldBooking(t.db, w, { net: '1.00' });
    // Totals that disagree with the bookings show which source answered.
    await t.db.execute(
      sql`update booking_month_totals set bookings = bookings + 1000 where creditor_number = ${w.creditorNumber}`,
    );
    try {
      expect((await listTotals(w.supplierToken)).total).toBe(1001);
      expect((await listTotals(w.adminToken, { creditor: String(w.creditorNumber) })).total).toBe(1001);
      expect((await listTotals(w.supplierToken, { page: '2', sorting: 'net' })).total).toBe(1001);
      // A search every booking in view matches through its creditor's name restricts nothing.
      const ownName = { searchQuery: w.creditorName.slice(2, -2) };
      expect((await listTotals(w.supplierToken, ownName)).total).toBe(1001);
      const narrower: Record<string, string>[] = [
        { searchQuery: 'Lager' },
        { exportedOnly: 'true' },
        { article: String(w.articleNumber) },
      ];
      for (const filter of narrower)
        expect((await listTotals(w.supplierToken, filter)).total, JSON.stringify(filter)).toBeLessThanOrEqual(
          1,
        );
    } finally {
      await t.db.execute(
        sql`update booking_month_totals set bookings = bookings - 1000 where creditor_number = ${w.creditorNumber}`,
      );
    }
  });
});
