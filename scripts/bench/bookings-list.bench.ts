// The bookings API at a million bookings: fills an embedded PostgreSQL with 1,000,000 bookings by SQL,
// then times GET /api/transactions (pages, every sort key, search, filters) and GET /api/transactions/:id
// over HTTP against the production server, as an admin and as a supplier, and streams two ~100,000-row CSV
// exports while watching the server's memory. Prints figures only; fails only when a request fails.
import fs from 'node:fs';
import type pg from 'pg';
import { DEFAULT_SORTING, DESCENDING_SUFFIX, SORT_KEYS } from '@lp/domain/booking-list-query';
import { PAGE_SIZE } from '@lp/domain/limits';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildServer,
  FIRST_ARTICLE,
  FIRST_CREDITOR,
  FIRST_DEBITOR,
  login,
  MASTER_DATA,
  megabytes,
  memoryOf,
  percentile,
  seconds,
  withBenchDatabase,
  withServer,
  type BenchServer,
} from './support';

const BOOKINGS = 1_000_000;
/** Timed runs per request, after one untimed warm-up run. */
const RUNS = 20;
/** Three years of invoice dates: FIRST_DAY … FIRST_DAY + DAYS - 1. */
const FIRST_DAY = '2023-11-01';
const DAYS = 1_096;
/** Bookings invoiced before FIRST_DAY + EXPORTED_DAYS were exported by the monthly billing (about half). */
const EXPORTED_DAYS = 548;
const SUPPLIER_EMAIL = 'einkauf@lieferant-1.example';
const SUPPLIER_PASSWORD = 'Lieferant-Passwort-123';

const PLACES = [
  'Rathaus',
  'Grundschule',
  'Gymnasium',
  'Kita',
  'Bauhof',
  'Kläranlage',
  'Feuerwehr',
  'Stadtbibliothek',
  'Sporthalle',
  'Bürgerbüro',
  'Schwimmbad',
  'Jugendzentrum',
  'Friedhofsverwaltung',
  'Musikschule',
  'Wertstoffhof',
];
const DISTRICTS = [
  'Nord',
  'Süd',
  'Mitte',
  'Altstadt',
  'Bornheim',
  'Sachsenhausen',
  'Höchst',
  'Bockenheim',
  'Nied',
  'Riedberg',
  'Eschersheim',
  'Fechenheim',
];

const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;

/**
 * 1,000,000 bookings in one INSERT … SELECT from generate_series: ~333,000 invoices of 1–5 lines, numbered
 * and stored in invoice-date order (ids grow with time as in real use). Per invoice: a creditor (skewed:
 * the largest has ~7 %, the smallest ~1 %), a debitor, an invoice date, a delivery location (place and
 * district), the creator, and for the older half the monthly export date. Per line: an article (skewed),
 * an amount (log-uniform 1 … 50,000 €, 3 % credit notes) and sometimes an order reference. The bulk load
 * runs without triggers (below), so it copies the master-data names onto the bookings itself, as the
 * app's trigger does for every other write, and computes the per-month totals afterwards (`fill`).
 */
function fillStatement(creditors: number): string {
  const { debitors, articles } = MASTER_DATA;
  const invoices = Math.ceil(BOOKINGS / 3) + 1;
  return `
    insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
      article_number, additional_information, creditor_number, export_date, creation_date,
      creation_user_email_address, version, debitor_name, article_name, creditor_name)
    with drawn as materialized (
      select ${FIRST_CREDITOR} + floor(${creditors} * power(random(), 1.5))::int as creditor,
        ${FIRST_DEBITOR} + floor(${debitors} * random())::int as debitor,
        date '${FIRST_DAY}' + floor(${DAYS} * random())::int as invoice_date,
        (${sqlArray(PLACES)})[1 + floor(${PLACES.length} * random())::int] || ' '
          || (${sqlArray(DISTRICTS)})[1 + floor(${DISTRICTS.length} * random())::int] as location,
        random() as r_created, random() as r_creator
      from generate_series(1, ${invoices}) i
    ), invoices as materialized (
      select row_number() over (order by invoice_date) as n, drawn.* from drawn
    )
    select v.invoice_date,
      case v.creditor % 4
        when 0 then 'RE-' || extract(year from v.invoice_date) || '-' || lpad(v.n::text, 6, '0')
        when 1 then 'R' || (100000000 + v.n)
        when 2 then extract(year from v.invoice_date) || '/' || lpad(v.n::text, 7, '0')
        else 'INV-' || v.creditor || '-' || v.n
      end,
      round((case when l.r_credit < 0.03 then -1 else 1 end * exp(l.r_net * ln(50000)))::numeric, 2),
      v.debitor, v.location, l.article,
      case when l.r_info < 0.25 then 'Bestellung ' || (10000 + floor(l.r_info * 360000)::int)
        when l.r_info < 0.35 then 'Auftrag A-' || floor(l.r_info * 100000)::int end,
      v.creditor,
      case when v.invoice_date < date '${FIRST_DAY}' + ${EXPORTED_DAYS}
        then date_trunc('month', v.invoice_date) + interval '1 month 4 days 9 hours' end,
      v.invoice_date + v.r_created * interval '20 days' + interval '7 hours' + l.line * interval '1 second',
      case when v.r_creator < 0.1 then '${ADMIN_EMAIL}'
        else 'einkauf@lieferant-' || (v.creditor - ${FIRST_CREDITOR - 1}) || '.example' end,
      case when v.invoice_date < date '${FIRST_DAY}' + ${EXPORTED_DAYS} then 2 else 1 end,
      (select name from debitors where number = v.debitor), (select name from articles where number = l.article),
      (select name from creditors where number = v.creditor)
    from invoices v
    cross join lateral (
      select line, ${FIRST_ARTICLE} + floor(${articles} * power(random(), 2))::int as article,
        random() as r_net, random() as r_credit, random() as r_info
      from generate_series(1, 1 + (v.n % 5)::int) line
    ) l
    order by v.n, l.line
    limit ${BOOKINGS}`;
}

/**
 * The fill as a bulk load (also the reporting-status case's, with its 500 creditors inserted first): the secondary indexes are dropped and rebuilt from their own definitions
 * afterwards, and the foreign keys are checked in one query instead of row by row. Then vacuum analyze,
 * which is what autovacuum does to a table that grew over years (statistics, visibility map, hint bits).
 */
export async function fill(pool: pg.Pool, creditors: number = MASTER_DATA.creditors): Promise<void> {
  const client = await pool.connect();
  try {
    const started = performance.now();
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = 'transactions'::regclass
         and not exists (select from pg_constraint k where k.conindid = i.indexrelid)`,
    );
    for (const { name } of indexes) await client.query(`drop index "${name}"`);
    await client.query('select setseed(0.2026)'); // the same bookings every run
    await client.query('set session_replication_role = replica'); // no row-by-row foreign key triggers
    let t = performance.now();
    await client.query(fillStatement(creditors));
    const insertMs = performance.now() - t;
    await client.query('set session_replication_role = default');
    t = performance.now();
    await client.query('select booking_month_totals_rebuild()'); // what the skipped triggers keep
    const totalsMs = performance.now() - t;
    t = performance.now();
    const { rows: orphans } = await client.query<{ n: number }>(
      `select count(*)::int as n from transactions t
       where not exists (select from debitors d where d.number = t.debitor_number)
          or not exists (select from articles a where a.number = t.article_number)
          or not exists (select from creditors c where c.number = t.creditor_number)`,
    );
    if (orphans[0]!.n !== 0) throw new Error(`${orphans[0]!.n} bookings without master data`);
    const checkMs = performance.now() - t;
    t = performance.now();
    await client.query(`set maintenance_work_mem = '256MB'`);
    for (const { definition } of indexes) await client.query(definition);
    await client.query('reset maintenance_work_mem');
    const indexMs = performance.now() - t;
    t = performance.now();
    await client.query('vacuum (analyze)');
    const vacuumMs = performance.now() - t;
    const totalMs = performance.now() - started;
    const { rows } = await client.query<{
      n: number;
      exported: number;
      invoices: number;
      size: string;
      largest: number;
      smallest: number;
    }>(
      `select count(*)::int as n, count(export_date)::int as exported,
        count(distinct invoice_number)::int as invoices,
        pg_size_pretty(pg_total_relation_size('transactions')) as size,
        (select max(n) from (select count(*)::int n from transactions group by creditor_number) x) as largest,
        (select min(n) from (select count(*)::int n from transactions group by creditor_number) x) as smallest
       from transactions`,
    );
    const r = rows[0]!;
    const en = (n: number) => n.toLocaleString('en');
    console.log(
      `fill: ${en(r.n)} bookings (${en(r.invoices)} invoices, ${en(r.exported)} exported; ` +
        `${en(r.smallest)} … ${en(r.largest)} per creditor), table with indexes ${r.size}`,
    );
    console.log(
      `  in ${seconds(totalMs)}: insert … select ${seconds(insertMs)}, month totals ${seconds(totalsMs)}, ` +
        `foreign keys checked ${seconds(checkMs)}, ${indexes.length} indexes rebuilt ${seconds(indexMs)}, vacuum analyze ${seconds(vacuumMs)}`,
    );
  } finally {
    await client.query('reset session_replication_role').catch(() => undefined);
    client.release();
  }
}

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

const wireDay = (iso: string) => `${iso}T00:00:00.000Z`;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

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

/** Resets the process's peak RSS (VmHWM) to its current RSS; false where the kernel does not allow it. */
function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Streams the CSV export of `url`, counting bytes and lines; prints time to first byte, total time,
 * and the server's RSS before, every 10,000 rows and after, with its peak (VmHWM reset just before).
 */
async function measureExport(server: BenchServer, token: string, title: string, url: string): Promise<void> {
  const before = memoryOf(server.pid);
  const reset = resetPeakRss(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body)
    throw new Error(`GET ${url} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  let firstByteMs: number | undefined;
  let bytes = 0;
  let lines = 0;
  const progress: string[] = [];
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] !== 10) continue;
      lines += 1;
      if ((lines - 1) % 10_000 === 0 && lines > 1) {
        const at = `${(lines - 1) / 1000}k`;
        progress.push(
          `${at} ${seconds(performance.now() - started)} ${megabytes(memoryOf(server.pid).rssKb)}`,
        );
      }
    }
  }
  const totalMs = performance.now() - started;
  const after = memoryOf(server.pid);
  const rows = lines - 1; // without the header
  console.log(`
${title}
  GET ${decodeURIComponent(url)}`);
  console.log(
    `  ${rows.toLocaleString('en')} rows + header, ${(bytes / 1024 / 1024).toFixed(1)} MB; ` +
      `first byte after ${seconds(firstByteMs ?? totalMs)}, complete after ${seconds(totalMs)} ` +
      `(${Math.round(rows / (totalMs / 1000)).toLocaleString('en')} rows/s overall, ` +
      `${Math.round(rows / ((totalMs - (firstByteMs ?? 0)) / 1000)).toLocaleString('en')} rows/s after the first byte)`,
  );
  console.log(`  rows received, elapsed, server RSS: ${progress.join(' | ')}`);
  console.log(
    `  server RSS before ${megabytes(before.rssKb)}, after ${megabytes(after.rssKb)}; ` +
      (reset
        ? `peak during the export ${megabytes(after.peakKb)} (VmHWM, reset before; peak since start before: ${megabytes(before.peakKb)})`
        : `peak (VmHWM) before ${megabytes(before.peakKb)}, after ${megabytes(after.peakKb)}`),
  );
}

async function measureApi(server: BenchServer, pool: pg.Pool): Promise<void> {
  const { base } = server;
  const admin = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);

  // The supplier of the largest creditor, created through the API as an admin would.
  const supplierCreditor = FIRST_CREDITOR;
  const created = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      emailAddress: SUPPLIER_EMAIL,
      password: SUPPLIER_PASSWORD,
      isAdmin: false,
      isActive: true,
      creditorNumber: supplierCreditor,
    }),
  });
  const answer = (await created.json()) as { id?: number; errors?: unknown[] };
  if (created.status !== 200 || answer.errors?.length)
    throw new Error(`POST /api/users answered ${created.status} ${JSON.stringify(answer).slice(0, 500)}`);
  const supplier = await login(base, SUPPLIER_EMAIL, SUPPLIER_PASSWORD);

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

  // Exports of ~100,000 bookings (110 days of invoice dates): first already exported ones (nothing to
  // mark: the streaming alone), then not yet exported ones, which the export marks; so it comes last.
  const exportUrl = (from: string, filter: Record<string, string | boolean>) => {
    const query = new URLSearchParams({ format: 'csv', sorting: DEFAULT_SORTING });
    for (const [name, value] of Object.entries(filter)) query.set(name, String(value));
    query.set('invoiceDateFrom', wireDay(from));
    query.set('invoiceDateUntil', wireDay(addDays(from, 109)));
    return `/api/transactions/export?${query}`;
  };
  await measureExport(
    server,
    admin,
    'export of ~100,000 already exported bookings (read and stream only)',
    exportUrl(addDays(FIRST_DAY, 200), { exportedOnly: true }),
  );
  await measureExport(
    server,
    admin,
    'export of ~100,000 not yet exported bookings (marks them exported, then streams)',
    exportUrl(addDays(FIRST_DAY, EXPORTED_DAYS + 60), { notExportedOnly: true }),
  );
}

async function run(): Promise<void> {
  await withBenchDatabase('lp-bench-bookings-', async ({ url, pool }) => {
    await fill(pool);
    await buildServer();
    await withServer(url, (server) => measureApi(server, pool));
  });
}

export default { name: 'bookings-list', run };
