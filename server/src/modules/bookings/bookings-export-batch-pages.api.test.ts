// The bookings list filtered by an export batch lists what the batch delivered: the bookings it
// marked and those it exported again (its audit entries). A batch of more than 10,000 bookings has
// the ids of its deep pages kept, as a large search has (bookings.match-ids-cache.ts): the pages the
// plans answer, then read by those ids.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@lp/domain/limits';
import { createWorld, type World } from '../../../test/factories';
import { sentStatements } from '../../../test/sent-statements';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
/** More than SEARCH_SORTED_MATCHES_LIMIT (10,000): from page 21 on the ids are kept. */
const BOOKINGS = 10_060;
let w: World;
let other: World;
/** The creditor's first export (it marks them all), then the same again (it re-exports them all). */
const batches: number[] = [];

async function exportCreditor(world: World): Promise<number> {
  const res = await t.request(world.adminToken, {
    method: 'GET',
    url: `/api/transactions/export?format=csv&creditor=${world.creditorNumber}`,
  });
  expect(res.statusCode).toBe(200);
  const { rows } = await t.db.execute<{ id: number }>(sql`select max(id) as id from export_batches`);
  return rows[0]!.id;
}

beforeAll(async () => {
  w = await createWorld(t);
  other = await createWorld(t);
  // Creation dates in no order of the ids, so that a page by creation date is not one by id.
  await t.db.execute(sql`insert into transactions (invoice_date, invoice_number, net, debitor_number,
      delivery_location, article_number, creditor_number, creation_user_email_address, creation_date)
    select date '2026-01-01' + (n % 300), 'EB-' || n, 1, ${w.debitorNumber}, 'Lager',
      ${w.articleNumber}, ${w.creditorNumber}, ${w.supplierEmail},
      timestamptz '2026-01-01 08:00Z' + (n * 7919 % 10007) * interval '1 minute'
    from generate_series(1, ${BOOKINGS}) n`);
  await t.db.execute(sql`analyze transactions`);
  batches.push(await exportCreditor(w), await exportCreditor(w));
  // Another creditor's export in between: none of its bookings belongs to the batches above.
  await exportCreditor(other);
}, 120_000);

async function expectedIds(page: number) {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`select id from transactions where creditor_number = ${w.creditorNumber}
      order by creation_date desc, id desc limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`,
  );
  return rows.map((row) => row.id);
}

const PAGE_OF_KEPT_IDS = /t\.id = any\(\$\d+::int\[\]\) and/;

async function list(batch: number, page: number) {
  const res = await t.request(w.adminToken, {
    method: 'GET',
    url: '/api/transactions',
    query: { exportBatch: String(batch), page: String(page) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: number }[]; total: number }>();
}

async function untilReadByKeptIds(batch: number, page: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    let answer: Awaited<ReturnType<typeof list>> | undefined;
    const statements = await sentStatements(async () => {
      answer = await list(batch, page);
    });
    if (statements.some(({ text }) => PAGE_OF_KEPT_IDS.test(text))) return answer!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`page ${page} of batch ${batch} was never read by kept ids`);
}

describe('the list of a large export batch', () => {
  it.each([
    ['that marked them', 0],
    ['that exported them again', 1],
  ])('lists every booking of the batch %s, deep pages read by kept ids', async (_name, index) => {
    const batch = batches[index]!;
    const first = await list(batch, 21);
    expect(first.total).toBe(BOOKINGS);
    expect(first.items.map((item) => item.id)).toEqual(await expectedIds(21));
    for (const page of [21, 100, Math.ceil(BOOKINGS / PAGE_SIZE), 1]) {
      const kept = await untilReadByKeptIds(batch, page);
      expect(
        kept.items.map((item) => item.id),
        `page ${page}`,
      ).toEqual(await expectedIds(page));
    }
  });
});

describe('the condition of an export batch', () => {
  /** The statements of the first page that read the batch's audit entries. */
  async function auditReads(batch: number) {
    const statements = await sentStatements(async () => {
      await list(batch, 1);
    });
    return statements.filter(({ text }) => text.includes('audit_export_entries')).map(({ text }) => text);
  }

  it('matches a batch that re-exported nothing by its own column alone, after one look-up', async () => {
    // The look-up of whether it re-exported is the only statement that reads its audit entries: the
    // list's own condition would keep PostgreSQL from reading the batch's index.
    const reads = await auditReads(batches[0]!);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/select exists/);
  });

  it('looks for the re-exports of a batch that exported bookings again, counted through an index', async () => {
    // A new data version, so that the totals are counted again and the page is read by its plan.
    await t.db.execute(sql`update transactions set additional_information = 'geändert'
      where id = (select min(id) from transactions where creditor_number = ${w.creditorNumber})`);
    const reads = await auditReads(batches[1]!);
    // The page walks an order's index, probing a hashed subquery for each booking passed; the count
    // reads all matches at once, the re-exports as an array read through the primary key.
    expect(reads.some((text) => /t\.id in \(\s*select unnest/.test(text))).toBe(true);
    const count = reads.find((text) => /count\(\*\)/.test(text));
    expect(count).toMatch(/t\.id = any\(array\(\s*select unnest/);
  });
});
