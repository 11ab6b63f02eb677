// The six ways of reading a list page (selectBookingPage's PagePlan) answer the same rows in the
// same order, ties included, for every sort key in both directions and at every offset, also when a
// deep page is read from the end or sorted in full. The API tests see only small totals (always
// 'matchesFirst'); this pins the other plans to it.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SORT_KEYS } from '@lp/domain/booking-list-query';
import {
  createArticle,
  createDebitor,
  createWorld,
  createWorldBooking,
  type World,
} from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { bookingSort, bookingWhere } from './bookings.filter';
import { selectBookingPage, type PagePlan } from './bookings.list-sql';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
  const otherDebitor = await createDebitor(t.db);
  const otherArticle = await createArticle(t.db);
  // Ties on every sort key (same dates, nets, names, locations) and a few differences.
  for (let i = 0; i < 9; i++) {
    await createWorldBooking(t.db, w, {
      invoiceDate: i % 3 === 0 ? '2026-03-01' : '2026-02-01',
      // Nets 0.01 apart at the largest value too (sortedMatches sorts the net as float8).
      net: i % 2 === 0 ? '9999999999.99' : i % 4 === 1 ? '9999999999.98' : '-1.25',
      deliveryLocation: i % 4 === 0 ? 'Bauhof' : 'Lager',
      debitorNumber: i % 3 === 1 ? otherDebitor.number : w.debitorNumber,
      articleNumber: i % 2 === 1 ? otherArticle.number : w.articleNumber,
      exportDate: i % 3 === 2 ? new Date('2026-03-05T09:00:00Z') : null,
    });
  }
});

describe('page plans', () => {
  const cases = SORT_KEYS.flatMap((key) => [false, true].map((descending) => ({ key, descending })));
  it.each(cases)('answer the same pages sorted by $key (descending: $descending)', async (sorting) => {
    const where = bookingWhere({ creditor: w.creditorNumber }, { allCreditors: true });
    // An invoice-date range too (the sortedMatches plan of an order that follows the invoice dates).
    const inRange = bookingWhere(
      { creditor: w.creditorNumber, invoiceDateFrom: '2026-01-15', invoiceDateUntil: '2026-02-15' },
      { allCreditors: true },
    );
    const sort = bookingSort(sorting);
    // groupedMatches counts bookings per value of the sort key; the service uses it only for keys whose
    // values repeat, but it is exact for every key that is never null (all but the export date).
    // groupsInIdOrder, which the service uses for keys of few values, is exact for every key.
    const plans: PagePlan[] = ['matchesFirst', 'idsFirst', 'sortedMatches', 'groupsInIdOrder'];
    if (sorting.key !== 'export_date') plans.push('groupedMatches');
    for (const [condition, count] of [
      [where, 9],
      [inRange, 6],
    ] as const) {
      for (const offset of [0, 2, 4, 8, 9]) {
        const direct = await selectBookingPage(t.db, condition, sort, 3, offset, 'direct');
        expect(direct).toHaveLength(Math.max(0, Math.min(3, count - offset)));
        for (const plan of plans)
          expect(await selectBookingPage(t.db, condition, sort, 3, offset, plan), plan).toEqual(direct);
        expect(
          await selectBookingPage(t.db, condition, sort, 3, offset, 'sortedMatches', {
            matchesInIdOrder: true,
          }),
        ).toEqual(direct);
        // With the total, pages nearer the end (offsets 4, 8, 9 of 9) are read from the end.
        for (const plan of ['idsFirst', 'sortedMatches', 'groupsInIdOrder'] as const)
          for (const matchesInIdOrder of [false, true])
            expect(
              await selectBookingPage(t.db, condition, sort, 3, offset, plan, {
                total: count,
                matchesInIdOrder,
              }),
              `${plan} from the end`,
            ).toEqual(direct);
        // All matches sorted before the page is taken (from offset 0 here, 5,000 in the list).
        for (const total of [undefined, count])
          expect(
            await selectBookingPage(t.db, condition, sort, 3, offset, 'sortedMatches', {
              matchesInIdOrder: true,
              fullSortFrom: 0,
              total,
            }),
            'sortedMatches, full sort',
          ).toEqual(direct);
      }
    }
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transactions t where ${where}`,
    );
    expect(rows[0]?.n).toBe(9);
  });
});
