// The first pages of a search whose matches lie together far from the start of the list's order (an
// invoice-number prefix of old invoices) are found by walking only the stretch of the order the
// matches lie in, which their count reads (bookings.match-range.ts walkScopeInRange, decision 0042): the
// same pages as a fresh statement, without sorting all matches, and never missing a booking added
// after the count.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@lp/domain/limits';
import { createWorld, type World } from '../../../test/factories';
import { sentStatements } from '../../../test/sent-statements';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
/** More than SEARCH_SORTED_MATCHES_LIMIT (10,000): the first pages are walked for (walkThenSort). */
const MATCHES = 10_100;
/** More than SEARCH_WALK_BUDGET (10,000), all newer than every match and later by invoice number. */
const NEWER = 10_500;
const TERM = 'Altbestand';
let w: World;

beforeAll(async () => {
  w = await createWorld(t);
  const insert = (count: number, texts: { info: string | null; prefix: string; day: string }) =>
    t.db.execute(sql`insert into transactions (invoice_date, invoice_number, net, debitor_number,
        delivery_location, article_number, additional_information, creditor_number,
        creation_user_email_address, creation_date)
      select ${texts.day}::date + (n % 200), ${texts.prefix} || lpad(n::text, 6, '0'), 1, ${w.debitorNumber},
        'Lager', ${w.articleNumber}, ${texts.info}::text || ' ' || n, ${w.creditorNumber}, ${w.supplierEmail},
        ${`${texts.day} 08:00Z`}::timestamptz + (n * 7919 % 10007) * interval '20 minutes'
      from generate_series(1, ${count}) n`);
  await insert(MATCHES, { info: TERM, prefix: 'A-', day: '2024-01-01' });
  await insert(NEWER, { info: null, prefix: 'Z-', day: '2026-01-01' });
  await t.db.execute(sql`analyze transactions`);
});

/** The page's ids as a fresh statement finds them. */
async function expectedIds(page: number, order: string) {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`select id from transactions where additional_information ilike ${`%${TERM}%`}
      order by ${sql.raw(order)} limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`,
  );
  return rows.map((row) => row.id);
}

/** The walk of walkThenSort, and the sort of all matches it falls back to (bookings.list-sql.ts). */
const WALK = /\(.+\) as matches from transactions t/s;
const SORT_OF_ALL_MATCHES = /from transactions t where .+ offset 0\) t/s;

async function listed(token: string, page: number, sorting?: string, term = TERM) {
  let body: { items: { id: number }[]; total: number } | undefined;
  const statements = await sentStatements(async () => {
    const res = await t.request(token, {
      method: 'GET',
      url: '/api/transactions',
      query: { searchQuery: term, page: String(page), ...(sorting ? { sorting } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    body = res.json();
  });
  return { ...body!, ids: body!.items.map((item) => item.id), texts: statements.map(({ text }) => text) };
}

describe('a search whose matches lie together far from the start of the order', () => {
  // Each order with a term of its own: a count reads the range of its request's order only, and the
  // totals of one term are counted once for all orders.
  it.each([
    { sorting: undefined, order: 'creation_date desc, id desc', term: TERM },
    { sorting: 'invoice_number_desc', order: 'invoice_number desc, id desc', term: 'ltbestand' },
    { sorting: 'invoice_date_desc', order: 'invoice_date desc, id desc', term: 'Altbestan' },
  ])('is walked for in the stretch of its matches, sorted by $order', async ({ sorting, order, term }) => {
    for (const page of [1, 2, 20]) {
      const { ids, total, texts } = await listed(w.adminToken, page, sorting, term);
      expect(total).toBe(MATCHES);
      expect(ids).toEqual(await expectedIds(page, order));
      expect(
        texts.some((text) => WALK.test(text)),
        `page ${page}: walked`,
      ).toBe(true);
      expect(
        texts.some((text) => SORT_OF_ALL_MATCHES.test(text)),
        `page ${page}: all matches sorted`,
      ).toBe(false);
    }
  });

  it('is walked for from its last match where one upload gave them all the same creation date', async () => {
    // An upload stores its file in one transaction, so its bookings share their creation date; the
    // file's later rows (higher ids) are newer invoices that do not match.
    const file = await createWorld(t);
    const { rows } = await t.db.execute<{ created: string }>(sql`select now()::text as created`);
    await t.db.execute(sql`insert into transactions (invoice_date, invoice_number, net, debitor_number,
        delivery_location, article_number, additional_information, creditor_number,
        creation_user_email_address, creation_date)
      select date '2025-01-01' + (n / 100), 'U-' || lpad(n::text, 6, '0'), 1, ${file.debitorNumber}, 'Lager',
        ${file.articleNumber}, case when n <= ${MATCHES} then 'Altlieferung ' || n end, ${file.creditorNumber},
        ${file.supplierEmail}, ${rows[0]!.created}::timestamptz
      from generate_series(1, ${MATCHES + NEWER}) n`);
    await t.db.execute(sql`analyze transactions`);
    const { ids, total, texts } = await listed(w.adminToken, 1, undefined, 'Altlieferung');
    expect(total).toBe(MATCHES);
    const { rows: expected } = await t.db.execute<{ id: number }>(
      sql`select id from transactions where additional_information like 'Altlieferung %'
        order by creation_date desc, id desc limit ${PAGE_SIZE}`,
    );
    expect(ids).toEqual(expected.map((row) => row.id));
    expect(texts.some((text) => WALK.test(text))).toBe(true);
    expect(texts.some((text) => SORT_OF_ALL_MATCHES.test(text))).toBe(false);
  });

  it('has its deep pages walked for within the range of its ids in an order that spreads them', async () => {
    // Page 21 (offset 1,000) and the page before the last, by net, then by location: the matches' ids
    // span a small share of all, so the walk within them is short (deepWalkBudget).
    for (const [sorting, order] of [
      ['net', 'net asc, id asc'],
      ['location_desc', 'delivery_location desc, id desc'],
    ] as const)
      // A term per page: after a deep page the ids of all matches are read in the background, and a
      // later page of the same search and order may be answered from them instead (change 58).
      for (const [page, term] of [
        [21, 'Altbest'],
        [Math.ceil(MATCHES / PAGE_SIZE) - 1, 'Altbes'],
      ] as const) {
        const { ids, texts } = await listed(w.adminToken, page, sorting, term);
        expect(ids).toEqual(await expectedIds(page, order));
        expect(
          texts.some((text) => WALK.test(text)),
          `${sorting} page ${page}: walked`,
        ).toBe(true);
        expect(
          texts.some((text) => SORT_OF_ALL_MATCHES.test(text)),
          `${sorting} page ${page}: all matches sorted`,
        ).toBe(false);
      }
  });

  it("is walked for in the stretch of the supplier's own matches", async () => {
    const { ids, total, texts } = await listed(w.supplierToken, 1, undefined, 'Altbesta');
    expect(total).toBe(MATCHES);
    expect(ids).toEqual(await expectedIds(1, 'creation_date desc, id desc'));
    expect(texts.some((text) => WALK.test(text))).toBe(true);
    expect(texts.some((text) => SORT_OF_ALL_MATCHES.test(text))).toBe(false);
  });

  it("finds none of them for another creditor's supplier, nor without a token", async () => {
    const other = await createWorld(t);
    for (const page of [1, 21]) {
      const { ids, total } = await listed(other.supplierToken, page, 'net', 'Altbestand');
      expect(total).toBe(0);
      expect(ids).toEqual([]);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/transactions', query: { searchQuery: TERM } });
    expect(res.statusCode).toBe(401);
  });

  it('shows a match added after the count, beyond the stretch counted before', async () => {
    const before = await listed(w.adminToken, 1);
    const { rows } = await t.db.execute<{ id: number }>(
      sql`insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
          article_number, additional_information, creditor_number, creation_user_email_address, creation_date)
        values (date '2026-11-20', 'Z-999999', 1, ${w.debitorNumber}, 'Lager', ${w.articleNumber},
          ${`${TERM} neu`}, ${w.creditorNumber}, ${w.supplierEmail}, now())
        returning id`,
    );
    const after = await listed(w.adminToken, 1);
    // A range counted before the write would leave it out: the page confirms the totals' data version.
    expect(after.ids[0]).toBe(rows[0]!.id);
    expect(after.total).toBe(before.total + 1);
    expect(after.ids).toEqual(await expectedIds(1, 'creation_date desc, id desc'));
    await t.db.execute(sql`delete from transactions where id = ${rows[0]!.id}`);
  });
});
