// Issue 58, item 2: the list's first requests. A production server started for this section alone (no
// page plan, kept total or kept ids from earlier sections) is sent requests it has not seen, drawn at
// random from the fill's own values, each once, one after another, and timed to the end of its body:
// - filter: page 1 of one to three filters (creditor, debitor, article, an invoice-date range, an export
//   status) in one of the 24 orders;
// - search: page 1 of a term drawn from the bookings (a debitor's or article's name, a delivery location,
//   the start of an invoice number, an order reference, an amount as shown) in one of the 24 orders;
// - deep page: a page in the back half of a drawn filter, in one of the 24 orders, where the total
//   was counted by SQL beforehand (the server has not seen the filter);
// - new order of a seen search: the search's page 1 asked first (not counted), then a page in its back
//   half in another order (what an admin does after looking at the first page).
// Prints p50, p95 and max per kind and role, and the slowest requests. The target: p95 under 150 ms.
// BENCH_FIRST_REQUESTS (default 40) draws per kind and role; BENCH_SEED changes the draws.
import type pg from 'pg';
import { PAGE_SIZE } from '@lp/domain/limits';
import { SORT_KEYS } from '@lp/domain/booking-list-query';
import { formatAmount } from '@lp/domain/numbers';
import { addDays, DAYS, FIRST_DAY, wireDay } from './bookings-fill';
import { httpRequest } from './http-client';
import { BROWSER_ACCEPT_ENCODING, FIRST_CREDITOR, percentile, withServer } from './support';

const DRAWS = Number(process.env.BENCH_FIRST_REQUESTS ?? 40);
const TARGET_MS = 150;

type Role = 'admin' | 'supplier';
type Kind = 'filter' | 'search' | 'deep page' | 'new order of a seen search';
const KINDS: Kind[] = ['filter', 'search', 'deep page', 'new order of a seen search'];

/** mulberry32: the same draws for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Filter {
  creditor?: number;
  debitor?: number;
  article?: number;
  from?: string;
  until?: string;
  exported?: 'exportedOnly' | 'notExportedOnly';
}

/** Values to draw from, read from the fill. */
interface DrawValues {
  creditors: number[];
  debitors: number[];
  articles: number[];
  terms: string[];
}

async function drawValues(pool: pg.Pool): Promise<DrawValues> {
  const column = async (sql: string) => (await pool.query<{ v: string }>(sql)).rows.map((r) => r.v);
  const numbers = async (sql: string) => (await column(sql)).map(Number);
  const terms = [
    ...(await column(`select name as v from debitors where number < 999999 order by random() limit 200`)),
    ...(await column(`select name as v from articles where number <> 999 order by random() limit 100`)),
    ...(await column(`select location as v from delivery_locations order by random() limit 100`)),
    ...(await column(
      `select left(invoice_number, 4 + (id % 6)) as v from transactions tablesample system (0.1) limit 200`,
    )),
    ...(await column(
      `select additional_information as v from transactions tablesample system (0.1)
        where additional_information is not null limit 100`,
    )),
    ...(await column(`select net::text as v from transactions tablesample system (0.1) limit 100`)).map(
      (net) => formatAmount(net),
    ),
  ];
  return {
    creditors: await numbers(`select number::text as v from creditors where number >= ${FIRST_CREDITOR}`),
    debitors: await numbers(`select number::text as v from debitors where number < 999999`),
    articles: await numbers(`select number::text as v from articles where number <> 999`),
    terms,
  };
}

function drawFilter(next: () => number, values: DrawValues, role: Role): Filter {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const filter: Filter = {};
  const fields = ['debitor', 'article', 'range', 'exported', ...(role === 'admin' ? ['creditor'] : [])];
  const count = 1 + Math.floor(next() * 3);
  for (let i = 0; i < count; i += 1) {
    const field = pick(fields);
    if (field === 'creditor') filter.creditor = pick(values.creditors);
    if (field === 'debitor') filter.debitor = pick(values.debitors);
    if (field === 'article') filter.article = pick(values.articles);
    if (field === 'exported') filter.exported = next() < 0.5 ? 'exportedOnly' : 'notExportedOnly';
    if (field === 'range') {
      const length = Math.floor(1 + next() * 365);
      filter.from = addDays(FIRST_DAY, Math.floor(next() * (DAYS - length)));
      filter.until = addDays(filter.from, length);
    }
  }
  return filter;
}

function drawSorting(next: () => number, except?: string): string {
  for (;;) {
    const key = SORT_KEYS[Math.floor(next() * SORT_KEYS.length)]!;
    const sorting = next() < 0.5 ? key : `${key}_desc`;
    if (sorting !== except) return sorting;
  }
}

function listUrl(filter: Filter, sorting: string, page: number, search?: string): string {
  const query = new URLSearchParams({ sorting, page: String(page) });
  if (search) query.set('searchQuery', search);
  if (filter.creditor) query.set('creditor', String(filter.creditor));
  if (filter.debitor) query.set('debitor', String(filter.debitor));
  if (filter.article) query.set('article', String(filter.article));
  if (filter.from) query.set('invoiceDateFrom', wireDay(filter.from));
  if (filter.until) query.set('invoiceDateUntil', wireDay(filter.until));
  if (filter.exported) query.set(filter.exported, 'true');
  return `/api/transactions?${query}`;
}

/** The filter's matches counted by SQL, for a supplier within its creditor. */
async function countBySql(pool: pg.Pool, filter: Filter, supplierCreditor?: number): Promise<number> {
  const where: string[] = ['not (article_number = 999 and debitor_number = 999999)'];
  const values: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    values.push(value);
    where.push(condition.replace('?', `$${values.length}`));
  };
  const creditor = supplierCreditor ?? filter.creditor;
  if (creditor) add('creditor_number = ?', creditor);
  if (filter.debitor) add('debitor_number = ?', filter.debitor);
  if (filter.article) add('article_number = ?', filter.article);
  if (filter.from) add('invoice_date >= ?', filter.from);
  if (filter.until) add('invoice_date <= ?', filter.until);
  if (filter.exported === 'exportedOnly') where.push('export_date is not null');
  if (filter.exported === 'notExportedOnly') where.push('export_date is null');
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from transactions where ${where.join(' and ')}`,
    values,
  );
  return rows[0]!.n;
}

interface Sample {
  role: Role;
  kind: Kind;
  url: string;
  ms: number;
  total: number;
}

async function timedGet(base: string, token: string, url: string): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  const { status, text } = await httpRequest(`${base}${url}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
  const ms = performance.now() - started;
  if (status !== 200) throw new Error(`GET ${url} answered ${status}: ${text.slice(0, 300)}`);
  return { ms, total: (JSON.parse(text) as { total: number }).total };
}

const backHalfPage = (next: () => number, total: number) => {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return Math.max(1, Math.ceil(pages / 2 + next() * (pages / 2)));
};

export async function measureFirstRequests(
  url: string,
  pool: pg.Pool,
  tokens: { admin: string; supplier: string },
): Promise<void> {
  const seed = Number(process.env.BENCH_SEED ?? Date.now() % 1_000_000);
  const next = random(seed);
  const values = await drawValues(pool);
  const samples: Sample[] = [];
  await withServer(url, async ({ base }) => {
    for (const role of ['admin', 'supplier'] as Role[]) {
      const token = tokens[role];
      const supplierCreditor = role === 'supplier' ? FIRST_CREDITOR : undefined;
      const record = async (kind: Kind, requestUrl: string) => {
        const { ms, total } = await timedGet(base, token, requestUrl);
        samples.push({ role, kind, url: requestUrl, ms, total });
      };
      for (let i = 0; i < DRAWS; i += 1) {
        await record('filter', listUrl(drawFilter(next, values, role), drawSorting(next), 1));
        const term = values.terms[Math.floor(next() * values.terms.length)]!;
        await record('search', listUrl({}, drawSorting(next), 1, term));
        const filter = drawFilter(next, values, role);
        const total = await countBySql(pool, filter, supplierCreditor);
        await record('deep page', listUrl(filter, drawSorting(next), backHalfPage(next, total)));
        const seen = values.terms[Math.floor(next() * values.terms.length)]!;
        const firstSorting = drawSorting(next);
        const first = await timedGet(base, token, listUrl({}, firstSorting, 1, seen));
        await record(
          'new order of a seen search',
          listUrl({}, drawSorting(next, firstSorting), backHalfPage(next, first.total), seen),
        );
      }
    }
  });
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `\nfirst requests (a server started for this section; seed ${seed}; ${DRAWS} per kind and role; target p95 < ${TARGET_MS} ms):`,
  );
  for (const role of ['admin', 'supplier'] as Role[])
    for (const kind of KINDS) {
      const times = samples.filter((s) => s.role === role && s.kind === kind).map((s) => s.ms);
      const over = times.filter((t) => t >= TARGET_MS).length;
      console.log(
        `  ${role.padEnd(8)} ${kind.padEnd(27)} p50 ${ms(percentile(times, 50)).padStart(7)}, ` +
          `p95 ${ms(percentile(times, 95)).padStart(7)}, max ${ms(Math.max(...times)).padStart(7)}; ` +
          `${over} of ${times.length} at ${TARGET_MS} ms or more`,
      );
    }
  console.log('  slowest:');
  for (const s of [...samples].sort((a, b) => b.ms - a.ms).slice(0, 12))
    console.log(
      `    ${ms(s.ms).padStart(7)} ${s.role} ${s.kind}: ${decodeURIComponent(s.url)} (${s.total.toLocaleString('en')} matches)`,
    );
}
