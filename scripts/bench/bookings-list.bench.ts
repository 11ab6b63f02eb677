// The bookings API at a million bookings: fills an embedded PostgreSQL with 1,000,000 bookings by SQL,
// then times GET /api/transactions (pages, every sort key, search, filters) and GET /api/transactions/:id
// over HTTP against the production server, as an admin and as a supplier, and streams two ~100,000-row CSV
// exports while watching the server's memory. Prints figures only; fails only when a request fails.
import type pg from 'pg';
import { DEFAULT_SORTING, DESCENDING_SUFFIX, SORT_KEYS } from '@lp/domain/booking-list-query';
import { PAGE_SIZE } from '@lp/domain/limits';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildServer,
  FIRST_ARTICLE,
  FIRST_CREDITOR,
  login,
  percentile,
  withBenchDatabase,
  withServer,
  type BenchServer,
} from './support';
import { connect } from '../../server/src/db/connection';
import { addDays, BOOKINGS, FIRST_DAY, fill, wireDay } from './bookings-fill';
import { measureExports } from './bookings-list-exports';

/** Timed runs per request, after one untimed warm-up run. */
const RUNS = 20;
const SUPPLIER_EMAIL = 'einkauf@lieferant-1.example';
const SUPPLIER_PASSWORD = 'Lieferant-Passwort-123';

interface Timing {
  label: string;
  total: number | undefined;
  medianMs: number;
  p95Ms: number;
}

async function get(base: string, token: string, url: string): Promise<unknown> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as unknown;
}

/** One untimed warm-up, then RUNS timed requests, each until its body has been read. */
async function measure(base: string, token: string, label: string, url: string): Promise<Timing> {
  const first = (await get(base, token, url)) as { total?: number };
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await get(base, token, url);
    times.push(performance.now() - started);
  }
  return { label, total: first.total, medianMs: percentile(times, 50), p95Ms: percentile(times, 95) };
}

function listUrl(params: Record<string, string | number | boolean>): string {
  const query = new URLSearchParams({ page: '1', sorting: DEFAULT_SORTING });
  for (const [name, value] of Object.entries(params)) query.set(name, String(value));
  return `/api/transactions?${query}`;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);

function printTable(title: string, timings: Timing[]): void {
  const width = Math.max(...timings.map((t) => t.label.length));
  console.log(`\n${title}`);
  console.log(
    `  ${pad('request', width)}  ${padLeft('matches', 9)}  ${padLeft('median', 9)}  ${padLeft('p95', 9)}`,
  );
  for (const t of timings) {
    const total = t.total === undefined ? '–' : t.total.toLocaleString('en');
    console.log(
      `  ${pad(t.label, width)}  ${padLeft(total, 9)}  ${padLeft(ms(t.medianMs), 9)}  ${padLeft(ms(t.p95Ms), 9)}`,
    );
  }
}

function printSortTable(rows: { key: string; asc: Timing; desc: Timing }[]): void {
  const width = Math.max(...rows.map((r) => r.key.length));
  const cell = (t: Timing) => `${padLeft(ms(t.medianMs), 8)} / ${padLeft(ms(t.p95Ms), 8)}`;
  console.log(
    `\nadmin, first page by each sort key (median / p95 of ${RUNS}, ${BOOKINGS.toLocaleString('en')} matches)`,
  );
  console.log(`  ${pad('sorting', width)}  ${padLeft('ascending', 19)}  ${padLeft('descending', 19)}`);
  for (const r of rows) console.log(`  ${pad(r.key, width)}  ${cell(r.asc)}  ${cell(r.desc)}`);
}

interface Tokens {
  admin: string;
  /** The supplier of the largest creditor (FIRST_CREDITOR). */
  supplier: string;
}

/** The admin's token and a supplier's, the supplier created through the API as an admin would (once). */
async function signIn(base: string): Promise<Tokens> {
  const admin = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  // A kept database (BENCH_DATABASE_URL) has the supplier from an earlier run.
  const existing = await login(base, SUPPLIER_EMAIL, SUPPLIER_PASSWORD).catch(() => undefined);
  if (existing) return { admin, supplier: existing };
  const created = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      emailAddress: SUPPLIER_EMAIL,
      password: SUPPLIER_PASSWORD,
      isAdmin: false,
      isActive: true,
      creditorNumber: FIRST_CREDITOR,
    }),
  });
  const answer = (await created.json()) as { id?: number; errors?: unknown[] };
  if (created.status !== 200 || answer.errors?.length)
    throw new Error(`POST /api/users answered ${created.status} ${JSON.stringify(answer).slice(0, 500)}`);
  return { admin, supplier: await login(base, SUPPLIER_EMAIL, SUPPLIER_PASSWORD) };
}

async function measureLists(server: BenchServer, pool: pg.Pool, { admin, supplier }: Tokens): Promise<void> {
  const { base } = server;
  const supplierCreditor = FIRST_CREDITOR;

  // Search terms and ids taken from the data.
  const { rows: picked } = await pool.query<{
    invoiceNumber: string;
    id: number;
    supplierId: number;
    supplierInvoiceNumber: string;
  }>(
    `select (select invoice_number from transactions where id = ${Math.round(BOOKINGS * 0.4)}) as "invoiceNumber",
      ${Math.round(BOOKINGS / 2)} as id,
      s.id as "supplierId", s.invoice_number as "supplierInvoiceNumber"
     from (select id, invoice_number from transactions where creditor_number = ${supplierCreditor}
       order by id limit 1 offset 30000) s`,
  );
  const { invoiceNumber, id, supplierId, supplierInvoiceNumber } = picked[0]!;
  const selective = invoiceNumber;
  const medium = 'Stadtbibliothek Bornheim';
  const broad = 'er';
  const article = FIRST_ARTICLE + 20;
  const rangeFrom = addDays(FIRST_DAY, 365);
  const rangeUntil = addDays(FIRST_DAY, 365 + 90);

  const adminTimings: Timing[] = [];
  const a = async (label: string, url: string) => adminTimings.push(await measure(base, admin, label, url));
  await a('first page, default sort', listUrl({}));
  await a(`page 2000 (offset ${(1999 * PAGE_SIZE).toLocaleString('en')})`, listUrl({ page: 2000 }));
  await a(`search "${selective}" (invoice number)`, listUrl({ searchQuery: selective }));
  await a(`search "${medium}"`, listUrl({ searchQuery: medium }));
  await a(`search "${broad}"`, listUrl({ searchQuery: broad }));
  await a(
    `dates ${rangeFrom} … ${rangeUntil} + article ${article}`,
    listUrl({ invoiceDateFrom: wireDay(rangeFrom), invoiceDateUntil: wireDay(rangeUntil), article }),
  );
  await a('exportedOnly', listUrl({ exportedOnly: true }));
  await a('notExportedOnly', listUrl({ notExportedOnly: true }));
  await a(`GET /api/transactions/${id}`, `/api/transactions/${id}`);

  const sortRows: { key: string; asc: Timing; desc: Timing }[] = [];
  for (const key of SORT_KEYS) {
    sortRows.push({
      key,
      asc: await measure(base, admin, key, listUrl({ sorting: key })),
      desc: await measure(base, admin, key, listUrl({ sorting: `${key}${DESCENDING_SUFFIX}` })),
    });
  }

  const supplierTimings: Timing[] = [];
  const s = async (label: string, url: string) =>
    supplierTimings.push(await measure(base, supplier, label, url));
  await s('first page, default sort', listUrl({}));
  await s('page 100', listUrl({ page: 100 }));
  await s(
    `search "${supplierInvoiceNumber}" (invoice number)`,
    listUrl({ searchQuery: supplierInvoiceNumber }),
  );
  await s(`search "${medium}"`, listUrl({ searchQuery: medium }));
  await s(`search "${broad}"`, listUrl({ searchQuery: broad }));
  await s(`GET /api/transactions/${supplierId}`, `/api/transactions/${supplierId}`);

  printTable(`admin (median / p95 of ${RUNS} runs after one warm-up)`, adminTimings);
  printSortTable(sortRows);
  printTable(`supplier of creditor ${supplierCreditor} (median / p95 of ${RUNS} runs)`, supplierTimings);
}

/**
 * The sections of the case, in this order; `BENCH_SECTIONS=list,exports` runs only those named. The
 * exports come last: the second one marks its bookings exported.
 */
const SECTIONS = {
  list: measureLists,
  exports: (server: BenchServer, _pool: pg.Pool, tokens: Tokens) => measureExports(server, tokens.admin),
} satisfies Record<string, (server: BenchServer, pool: pg.Pool, tokens: Tokens) => Promise<void>>;

function wantedSections(): (keyof typeof SECTIONS)[] {
  const all = Object.keys(SECTIONS) as (keyof typeof SECTIONS)[];
  const named = process.env.BENCH_SECTIONS?.split(',').map((name) => name.trim());
  if (!named) return all;
  const unknown = named.filter((name) => !all.includes(name as keyof typeof SECTIONS));
  if (unknown.length > 0)
    throw new Error(`BENCH_SECTIONS: unknown ${unknown.join(', ')}; known: ${all.join(', ')}`);
  return all.filter((name) => named.includes(name));
}

async function measureSections(url: string, pool: pg.Pool): Promise<void> {
  const sections = wantedSections();
  await buildServer();
  await withServer(url, async (server) => {
    const tokens = await signIn(server.base);
    for (const section of sections) await SECTIONS[section](server, pool, tokens);
  });
}

/**
 * A fresh database filled with the million bookings; or, with `BENCH_DATABASE_URL`, a database filled
 * by an earlier run (kept by the developer, e.g. to repeat one section while tuning a query).
 */
async function run(): Promise<void> {
  const existing = process.env.BENCH_DATABASE_URL;
  if (existing) {
    const connection = connect(existing);
    try {
      await measureSections(existing, connection.pool);
    } finally {
      await connection.close();
    }
    return;
  }
  await withBenchDatabase('lp-bench-bookings-', async ({ url, pool }) => {
    await fill(pool);
    await measureSections(url, pool);
  });
}

export default { name: 'bookings-list', run };
