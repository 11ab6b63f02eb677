// The seven ways of reading a list page (selectBookingPage's PagePlan) answer the same rows in the
// same order, ties included, for every sort key in both directions and at every offset, also when a
// deep page is read from the end or sorted in full. The API tests see only small totals (always
// 'matchesFirst'); this pins the other plans to it.
import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SORT_KEYS } from '@lp/domain/booking-list-query';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import { bookings } from '../../db/schema';
import {
  createArticle,
  createDebitor,
  createLongWorldBookings,
  createWorld,
  createWorldBooking,
  type World,
} from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import {
  bookingOrderBy,
  bookingSort,
  bookingWhere,
  DEBITOR_TOTALS_GROUPED_SORT_KEYS,
  MONTH_TOTALS_GROUPED_SORT_KEYS,
} from './bookings.filter';
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

describe('lists in the orders the derived totals group', () => {
  // Enough bookings over several creditors, debitors and months for deep pages (the service reads
  // them with 'totalGroups', the whole list's from offset 1,000 on, one creditor's of more than 1,000
  // bookings at any offset): w's 9, 1,100 and 420 of two more creditors, which share a name, over
  // three more debitors, two of which share a name; an empty report; a creditor whose only booking
  // was deleted (its totals hold 0).
  let many: World;
  let total = 0;
  beforeAll(async () => {
    const [some, gone] = [await createWorld(t), await createWorld(t)];
    many = await createWorld(t);
    const manyIds = await createLongWorldBookings(t.db, many, 1_100);
    const someIds = await createLongWorldBookings(t.db, some, 420);
    await createWorldBooking(t.db, some, {
      articleNumber: EMPTY_REPORT_ARTICLE_NUMBER,
      debitorNumber: EMPTY_REPORT_DEBITOR_NUMBER,
      invoiceDate: '2025-03-01',
      net: '0',
    });
    await t.db.delete(bookings).where(eq(bookings.id, someIds[17]!));
    const lost = await createWorldBooking(t.db, gone);
    await t.db.delete(bookings).where(eq(bookings.id, lost.id));
    const twins = [
      await createDebitor(t.db, { name: 'Zwilling' }),
      await createDebitor(t.db, { name: 'Zwilling' }),
    ];
    const third = await createDebitor(t.db, { name: 'Amtsgericht' });
    const moved = [...manyIds, ...someIds];
    // Invoice dates over 14 months, month ends included, and debitors, in no order of the ids.
    await t.db.execute(sql`update transactions set invoice_date = date '2024-01-31' + (id * 37 % 420),
        debitor_number = (array[${many.debitorNumber}, ${twins[0]!.number}, ${twins[1]!.number}, ${third.number}]::int[])[id * 7 % 4 + 1]
      where id = any(${sql.param(moved)}::int[])`);
    await t.db.execute(
      sql`update creditors set name = ${many.creditorName} where number = ${some.creditorNumber}`,
    );
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from transactions`);
    total = rows[0]!.n;
    expect(total).toBe(9 + 1_100 + 420);
  });

  // The service groups the whole list only by the month totals' keys, but the statement is exact for
  // all.
  const orders = [...MONTH_TOTALS_GROUPED_SORT_KEYS, ...DEBITOR_TOTALS_GROUPED_SORT_KEYS].flatMap((key) =>
    [false, true].map((descending) => ({ key, descending })),
  );
  // Group boundaries, both halves of a group, the last pages and past the end.
  const offsets = [
    0, 5, 9, 100, 330, 600, 640, 645, 649, 650, 800, 1_000, 1_049, 1_080, 1_109, 1_200, 1_479, 1_529, 1_600,
  ];

  it.each(orders)(
    'answer the same pages of the whole list by $key (descending: $descending)',
    async (sorting) => {
      const sort = bookingSort(sorting);
      for (const offset of offsets) {
        const direct = await selectBookingPage(t.db, sql`true`, sort, 50, offset, 'direct');
        expect(direct).toHaveLength(Math.max(0, Math.min(50, total - offset)));
        const grouped = await selectBookingPage(t.db, sql`true`, sort, 50, offset, 'totalGroups', {
          wholeCreditor: null,
        });
        expect(grouped, `offset ${offset}`).toEqual(direct);
      }
    },
  );

  it.each(orders)(
    "answer the same pages of one creditor's list by $key (descending: $descending)",
    async (sorting) => {
      const sort = bookingSort(sorting);
      const mine = bookingWhere({}, { allCreditors: false, creditorNumber: many.creditorNumber });
      for (const offset of offsets.filter((o) => o <= 1_150)) {
        const direct = await selectBookingPage(t.db, mine, sort, 50, offset, 'direct');
        expect(direct).toHaveLength(Math.max(0, Math.min(50, 1_100 - offset)));
        const grouped = await selectBookingPage(t.db, mine, sort, 50, offset, 'totalGroups', {
          wholeCreditor: many.creditorNumber,
        });
        expect(grouped, `offset ${offset}`).toEqual(direct);
      }
    },
  );

  it.each(orders)('list pages by $key through the API (descending: $descending)', async (sorting) => {
    const query = `${sorting.key}${sorting.descending ? '_desc' : ''}`;
    const expectPage = async (token: string, page: number, where: SQL, count: number) => {
      const res = await t.request(token, {
        method: 'GET',
        url: `/api/transactions?page=${page}&sorting=${query}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ items: { id: number }[]; total: number }>();
      const { rows } = await t.db.execute<{ id: number }>(
        sql`select id from transactions t where ${where} order by ${bookingOrderBy(sorting)} limit 50 offset ${(page - 1) * 50}`,
      );
      expect(body.total).toBe(count);
      expect(
        body.items.map((item) => item.id),
        `page ${page}`,
      ).toEqual(rows.map((row) => row.id));
    };
    for (const page of [21, 22, 31]) await expectPage(w.adminToken, page, sql`true`, total);
    for (const page of [1, 12, 22])
      await expectPage(many.supplierToken, page, sql`t.creditor_number = ${many.creditorNumber}`, 1_100);
  });
});

describe('lists sorted by a column the filter fixes', () => {
  // Over MATCHES_FIRST_LIMIT matches, so the service reads them by the fixing column and the id (bookings.filter.ts
  // fixedSortKeys): 1,100 bookings of one creditor, debitor and article, and 30 of another
  // creditor with the same debitor and article. Their locations differ: no filter fixes those.
  let one: World;
  beforeAll(async () => {
    one = await createWorld(t);
    await createLongWorldBookings(t.db, one, 1_100);
    const other = await createWorld(t);
    await createLongWorldBookings(
      t.db,
      { ...other, debitorNumber: one.debitorNumber, articleNumber: one.articleNumber },
      30,
    );
  });

  const cases = [
    { role: 'admin', filter: 'article', keys: ['article_name', 'location'] },
    { role: 'admin', filter: 'debitor', keys: ['debitor_name', 'debitor_number'] },
    { role: 'admin', filter: 'creditor', keys: ['creditor_name', 'creditor_number', 'location'] },
    { role: 'supplier', filter: 'article', keys: ['article_name', 'creditor_name'] },
    { role: 'supplier', filter: undefined, keys: ['creditor_name', 'creditor_number'] },
  ] as const;

  it.each(cases)('answer $role pages filtered by $filter in the order of $keys', async (c) => {
    const value = { article: one.articleNumber, debitor: one.debitorNumber, creditor: one.creditorNumber };
    const conditions: SQL[] = [];
    if (c.role === 'supplier') conditions.push(sql`t.creditor_number = ${one.creditorNumber}`);
    if (c.filter === 'article') conditions.push(sql`t.article_number = ${one.articleNumber}`);
    if (c.filter === 'debitor') conditions.push(sql`t.debitor_number = ${one.debitorNumber}`);
    if (c.filter === 'creditor') conditions.push(sql`t.creditor_number = ${one.creditorNumber}`);
    const where = sql.join(conditions, sql` and `);
    const token = c.role === 'admin' ? w.adminToken : one.supplierToken;
    for (const key of c.keys)
      for (const descending of [false, true]) {
        const sorting = { key, descending };
        const filter = c.filter ? `&${c.filter}=${value[c.filter]}` : '';
        for (const page of [1, 2, 20, 22, 23]) {
          const res = await t.request(token, {
            method: 'GET',
            url: `/api/transactions?page=${page}&sorting=${key}${descending ? '_desc' : ''}${filter}`,
          });
          expect(res.statusCode).toBe(200);
          const { rows } = await t.db.execute<{ id: number }>(
            sql`select id from transactions t where ${where}
              order by ${bookingOrderBy(sorting)} limit 50 offset ${(page - 1) * 50}`,
          );
          const ids = res.json<{ items: { id: number }[] }>().items.map((item) => item.id);
          expect(ids, `${key} ${descending ? 'descending' : 'ascending'}, page ${page}`).toEqual(
            rows.map((row) => row.id),
          );
        }
      }
  });
});
