// The nine ways of reading a list page (selectBookingPage's PagePlan) answer the same rows in the
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
import { matchRangeKey, walkScopeInRange } from './bookings.match-range';
import { selectBookingPage, type PagePlan } from './bookings.list-sql';
import { selectBookingTotals } from './bookings.totals-sql';

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
    const plans: PagePlan[] = [
      'matchesFirst',
      'idsFirst',
      'walkedIds',
      'walkThenSort',
      'sortedMatches',
      'groupsInIdOrder',
    ];
    if (sorting.key !== 'export_date') plans.push('groupedMatches');
    for (const [condition, count] of [
      [where, 9],
      [inRange, 6],
    ] as const) {
      // The walk where the matches lie, as their count read it (decision 0042): in their ids' range in
      // every order, and in their range of the order's column where the count read that order's (the
      // others' with the creation date's): the same pages, also read from the end.
      const rangeOf = matchRangeKey(sorting) ?? 'creation_date';
      const { range } = await selectBookingTotals(t.db, condition, { withRange: true, rangeOf });
      expect(range?.column, 'the range counted').toBeDefined();
      const inStretch = walkScopeInRange(sql`true`, sorting, range);
      for (const offset of [0, 2, 4, 8, 9]) {
        const direct = await selectBookingPage(t.db, condition, sort, 3, offset, 'direct');
        expect(direct).toHaveLength(Math.max(0, Math.min(3, count - offset)));
        for (const plan of plans)
          expect(await selectBookingPage(t.db, condition, sort, 3, offset, plan), plan).toEqual(direct);
        // A walk whose budget cannot fill the page: the page is sorted out of all the matches instead;
        // and a walk of the creditor's bookings alone, as for a list of one creditor.
        const ofCreditor = sql`t.creditor_number = ${w.creditorNumber}`;
        for (const total of [undefined, count])
          for (const walkScope of [undefined, ofCreditor, inStretch]) {
            const options = { total, walkScope };
            expect(
              await selectBookingPage(t.db, condition, sort, 3, offset, 'walkThenSort', {
                ...options,
                walkBudget: 2,
              }),
              'walkThenSort beyond its budget',
            ).toEqual(direct);
            expect(
              await selectBookingPage(t.db, condition, sort, 3, offset, 'walkThenSort', options),
              'walkThenSort within its budget',
            ).toEqual(direct);
          }
        expect(
          await selectBookingPage(t.db, condition, sort, 3, offset, 'sortedMatches', {
            matchesInIdOrder: true,
          }),
        ).toEqual(direct);
        // With the total, pages nearer the end (offsets 4, 8, 9 of 9) are read from the end.
        for (const plan of [
          'idsFirst',
          'walkedIds',
          'walkThenSort',
          'sortedMatches',
          'groupsInIdOrder',
        ] as const)
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
  // was deleted (its totals hold 0). Over 1,000 bookings of either export status (the exported month
  // totals, migration 0032): a third of those two creditors' bookings, the empty report too, whole
  // months of them, and four fifths of a third creditor's 1,100; one exported booking was deleted.
  let many: World;
  let total = 0;
  beforeAll(async () => {
    const [some, gone, more] = [await createWorld(t), await createWorld(t), await createWorld(t)];
    many = await createWorld(t);
    const manyIds = await createLongWorldBookings(t.db, many, 1_100);
    const someIds = await createLongWorldBookings(t.db, some, 420);
    const moreIds = await createLongWorldBookings(t.db, more, 1_100);
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
    const moved = [...manyIds, ...someIds, ...moreIds];
    // Invoice dates over 14 months, month ends included, nets and debitors, in no order of the ids.
    await t.db.execute(sql`update transactions set invoice_date = date '2024-01-31' + (id * 37 % 420),
        net = round((id * 7919 % 100003) / 100.0, 2),
        debitor_number = (array[${many.debitorNumber}, ${twins[0]!.number}, ${twins[1]!.number}, ${third.number}]::int[])[id * 7 % 4 + 1]
      where id = any(${sql.param(moved)}::int[])`);
    await t.db.execute(
      sql`update creditors set name = ${many.creditorName} where number = ${some.creditorNumber}`,
    );
    await t.db.execute(sql`update transactions set export_date = timestamptz '2026-01-05 08:00:00+00'
      where (id * 11 % 3 = 0 or invoice_date < date '2024-03-01' or article_number = ${EMPTY_REPORT_ARTICLE_NUMBER})
        and creditor_number in (${many.creditorNumber}, ${some.creditorNumber})
        or id % 5 <> 0 and creditor_number = ${more.creditorNumber}`);
    await t.db.delete(bookings).where(eq(bookings.id, someIds[30]!));
    const { rows } = await t.db.execute<{ n: number; exported: number }>(
      sql`select count(*)::int as n, count(export_date)::int as exported from transactions`,
    );
    total = rows[0]!.n;
    expect(total).toBe(9 + 1_100 + 420 + 1_100 - 1);
    expect(rows[0]!.exported).toBeGreaterThan(1_050);
    expect(rows[0]!.exported).toBeLessThan(total - 1_050);
  });

  // The service groups the whole list only by the month totals' keys, but the statement is exact for
  // all.
  const orders = [...MONTH_TOTALS_GROUPED_SORT_KEYS, ...DEBITOR_TOTALS_GROUPED_SORT_KEYS].flatMap((key) =>
    [false, true].map((descending) => ({ key, descending })),
  );
  // Group boundaries, both halves of a group, the last pages and past the end.
  const offsets = [
    0, 5, 9, 100, 330, 600, 640, 645, 649, 650, 800, 1_000, 1_049, 1_080, 1_109, 1_200, 1_479, 1_529, 1_600,
    2_000, 2_578, 2_627, 2_700,
  ];

  it.each(orders)(
    'answer the same pages of the whole list by $key (descending: $descending)',
    async (sorting) => {
      const sort = bookingSort(sorting);
      for (const offset of offsets) {
        const direct = await selectBookingPage(t.db, sql`true`, sort, 50, offset, 'direct');
        expect(direct).toHaveLength(Math.max(0, Math.min(50, total - offset)));
        const grouped = await selectBookingPage(t.db, sql`true`, sort, 50, offset, 'totalGroups', {
          wholeCreditor: { creditorNumber: null, exportStatus: null },
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
          wholeCreditor: { creditorNumber: many.creditorNumber, exportStatus: null },
        });
        expect(grouped, `offset ${offset}`).toEqual(direct);
      }
    },
  );

  // The month totals' keys of one export status: the whole list's groups and one creditor's.
  const statusOrders = MONTH_TOTALS_GROUPED_SORT_KEYS.flatMap((key) =>
    (['exported', 'notExported'] as const).flatMap((exportStatus) =>
      [false, true].map((descending) => ({ key, descending, exportStatus })),
    ),
  );

  it.each(statusOrders)(
    'answer the same pages of the $exportStatus bookings by $key (descending: $descending)',
    async ({ exportStatus, ...sorting }) => {
      const sort = bookingSort(sorting);
      const status = exportStatus === 'exported' ? { exportedOnly: true } : { notExportedOnly: true };
      for (const creditorNumber of [null, many.creditorNumber]) {
        const where = bookingWhere(
          { ...status, creditor: creditorNumber ?? undefined },
          { allCreditors: true },
        );
        const { rows } = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from transactions t where ${where}`,
        );
        const count = rows[0]!.n;
        for (const offset of [...offsets.filter((o) => o < count), count - 50, count - 1, count]) {
          const direct = await selectBookingPage(t.db, where, sort, 50, offset, 'direct');
          expect(direct).toHaveLength(Math.max(0, Math.min(50, count - offset)));
          const grouped = await selectBookingPage(t.db, where, sort, 50, offset, 'totalGroups', {
            wholeCreditor: { creditorNumber, exportStatus },
          });
          expect(grouped, `creditor ${creditorNumber}, offset ${offset}`).toEqual(direct);
        }
      }
    },
  );

  it.each(orders)('list pages by $key through the API (descending: $descending)', async (sorting) => {
    const query = `${sorting.key}${sorting.descending ? '_desc' : ''}`;
    const expectPage = async (token: string, page: number, where: SQL, status = '') => {
      const res = await t.request(token, {
        method: 'GET',
        url: `/api/transactions?page=${page}&sorting=${query}${status}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ items: { id: number }[]; total: number; netSum: number }>();
      const { rows } = await t.db.execute<{ id: number }>(
        sql`select id from transactions t where ${where} order by ${bookingOrderBy(sorting)} limit 50 offset ${(page - 1) * 50}`,
      );
      const { rows: totals } = await t.db.execute<{ n: number; net: string }>(
        sql`select count(*)::int as n, coalesce(sum(net), 0)::text as net from transactions t where ${where}`,
      );
      expect(body.total, `total${status}`).toBe(totals[0]!.n);
      expect(body.netSum, `net sum${status}`).toBe(Number(totals[0]!.net));
      expect(
        body.items.map((item) => item.id),
        `page ${page}${status}`,
      ).toEqual(rows.map((row) => row.id));
    };
    const mine = sql`t.creditor_number = ${many.creditorNumber}`;
    for (const page of [21, 22, 31]) await expectPage(w.adminToken, page, sql`true`);
    for (const page of [1, 12, 22]) await expectPage(many.supplierToken, page, mine);
    // One export status: its totals from the month totals, deep pages of the whole list by its groups.
    for (const [status, condition] of [
      ['&exportedOnly=true', sql`t.export_date is not null`],
      ['&notExportedOnly=true', sql`t.export_date is null`],
    ] as const) {
      for (const page of [1, 21, 22, 25]) await expectPage(w.adminToken, page, condition, status);
      for (const page of [1, 8, 15])
        await expectPage(many.supplierToken, page, sql`${mine} and ${condition}`, status);
    }
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
