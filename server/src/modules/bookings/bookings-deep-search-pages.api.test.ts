// The deep pages of a search with many matches are read by the ids kept for it after its first deep
// page (bookings.match-ids-cache.ts): the same pages the page plans answer, for the admin and the
// supplier, and never stale after a write or outside the list.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@lp/domain/limits';
import { bookings } from '../../db/schema';
import { createWorld, createWorldBooking, type World } from '../../../test/factories';
import { sentStatements } from '../../../test/sent-statements';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
/** More than SEARCH_SORTED_MATCHES_LIMIT (10,000): from page 21 on the ids are kept. */
const MATCHES = 10_060;
const TERM = 'Tiefsuche';
let w: World;
let other: World;

beforeAll(async () => {
  w = await createWorld(t);
  other = await createWorld(t);
  // Creation dates in no order of the ids, so that a page by creation date is not one by id.
  const insert = (world: World, count: number) =>
    t.db.execute(sql`insert into transactions (invoice_date, invoice_number, net, debitor_number,
        delivery_location, article_number, additional_information, creditor_number,
        creation_user_email_address, creation_date)
      select date '2026-01-01' + (n % 300), 'T-' || n, 1, ${world.debitorNumber}, 'Lager',
        ${world.articleNumber}, ${TERM} || ' ' || n, ${world.creditorNumber}, ${world.supplierEmail},
        timestamptz '2026-01-01 08:00Z' + (n * 7919 % 10007) * interval '1 minute'
      from generate_series(1, ${count}) n`);
  await insert(w, MATCHES);
  await insert(other, 40);
  await t.db.execute(sql`analyze transactions`);
});

/** The page's ids as a fresh statement finds them: the search in the booking's own texts. */
async function expectedIds(page: number, creditorNumber?: number, order = 'creation_date desc, id desc') {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`select id from transactions where additional_information ilike ${`%${TERM}%`}
      and ${creditorNumber === undefined ? sql`true` : sql`creditor_number = ${creditorNumber}`}
      order by ${sql.raw(order)} limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`,
  );
  return rows.map((row) => row.id);
}

const PAGE_OF_KEPT_IDS = /t\.id = any\(\$\d+::int\[\]\) and/;

async function list(token: string, page: number, query: Record<string, string> = {}) {
  const res = await t.request(token, {
    method: 'GET',
    url: '/api/transactions',
    query: { searchQuery: TERM, page: String(page), ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: number }[]; total: number }>();
}

/** Asks for `page` until it is read by the kept ids (they are read in the background after a first deep page). */
async function untilReadByKeptIds(token: string, page: number, query: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 100; attempt++) {
    let answer: Awaited<ReturnType<typeof list>> | undefined;
    const statements = await sentStatements(async () => {
      answer = await list(token, page, query);
    });
    if (statements.some(({ text }) => PAGE_OF_KEPT_IDS.test(text))) return answer!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`page ${page} was never read by kept ids`);
}

describe('deep pages of a search with many matches', () => {
  it('are the pages the plans answer, read by the kept ids from the second deep page on', async () => {
    const first = await list(w.adminToken, 21);
    expect(first.total).toBe(MATCHES + 40);
    expect(first.items.map((item) => item.id)).toEqual(await expectedIds(21));
    // The first pages too, once the ids are kept.
    for (const page of [21, 22, 100, Math.ceil((MATCHES + 40) / PAGE_SIZE), 1, 2]) {
      const kept = await untilReadByKeptIds(w.adminToken, page);
      expect(
        kept.items.map((item) => item.id),
        `page ${page}`,
      ).toEqual(await expectedIds(page));
    }
    // Another order is another list of ids.
    await list(w.adminToken, 30, { sorting: 'invoice_number' });
    const byNumber = await untilReadByKeptIds(w.adminToken, 30, { sorting: 'invoice_number' });
    expect(byNumber.items.map((item) => item.id)).toEqual(
      await expectedIds(30, undefined, 'invoice_number, id'),
    );
  });

  it("are the supplier's own bookings only, and another creditor's supplier finds none of them", async () => {
    await list(w.supplierToken, 25);
    const kept = await untilReadByKeptIds(w.supplierToken, 25);
    expect(kept.total).toBe(MATCHES);
    expect(kept.items.map((item) => item.id)).toEqual(await expectedIds(25, w.creditorNumber));
    const foreign = await list(other.supplierToken, 25);
    expect(foreign).toMatchObject({ items: [], total: 40 });
  });

  it('are read afresh after a write, never from ids it made stale', async () => {
    await list(w.adminToken, 21);
    await untilReadByKeptIds(w.adminToken, 21);
    // A new match sorts first: every later page moves by one.
    await createWorldBooking(t.db, w, { additionalInformation: `${TERM} neu` });
    const afterInsert = await list(w.adminToken, 21);
    expect(afterInsert.total).toBe(MATCHES + 41);
    expect(afterInsert.items.map((item) => item.id)).toEqual(await expectedIds(21));
    // A match on the page deleted, once the ids are kept again.
    const kept = await untilReadByKeptIds(w.adminToken, 21);
    await t.db.delete(bookings).where(eq(bookings.id, kept.items[7]!.id));
    const afterDelete = await list(w.adminToken, 21);
    expect(afterDelete.total).toBe(MATCHES + 40);
    expect(afterDelete.items.map((item) => item.id)).toEqual(await expectedIds(21));
  });
});
