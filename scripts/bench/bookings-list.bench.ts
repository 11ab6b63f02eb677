// The bookings API at a million bookings (bookings-fill.ts): times GET /api/transactions — every sort key
// in both directions on the first and a deep page, each filter, rare to common searches, combined
// filters — and GET /api/transactions/:id over HTTP against the production server, as an admin and as a
// supplier, next to the request's own statements sent in this process through pg (the service call;
// with SESSION_CACHE=off also the session check: its SQL); then the CSV exports (bookings-list-exports.ts). Prints figures only;
// fails only when a request fails.
import type pg from 'pg';
import {
  bookingListQuerySchema,
  DEFAULT_SORTING,
  DESCENDING_SUFFIX,
  SORT_KEYS,
} from '@lp/domain/booking-list-query';
import { PAGE_SIZE } from '@lp/domain/limits';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BROWSER_ACCEPT_ENCODING,
  bookingsTableState,
  buildServer,
  FIRST_ARTICLE,
  FIRST_CREDITOR,
  FIRST_DEBITOR,
  login,
  percentile,
  serverTimes,
  sessionCheck,
  withBenchDatabase,
  withServer,
  type BenchServer,
} from './support';
import { connect, type Connection, type Db } from '../../server/src/db/connection';
import { getBooking, listBookings } from '../../server/src/modules/bookings/bookings.service';
import { addDays, BOOKINGS, FIRST_DAY, fill, wireDay } from './bookings-fill';
import { measureExports } from './bookings-list-exports';
import { fillThroughUploads } from './bookings-upload-fill';
import { measureFilteredOrders } from './bookings-list-filtered-orders';
import { measureFirstRequests } from './bookings-list-first-requests';
import { measureFirstRows } from './bookings-list-first-rows';
import { measureGenericRest } from './bookings-list-generic-rest';
import { measureMasterData } from './bookings-list-master-data';
import { measureOverlappingRequests } from './bookings-list-overlapping-requests';
import { measureReexportBatch } from './bookings-list-reexport-batch';
import { measureSharedTotals } from './bookings-list-shared-totals';
import { measureThroughput } from './bookings-list-throughput';
import { measureValueSkew } from './bookings-list-value-skew';
import { httpRequest } from './http-client';

/** Timed runs per request, after one untimed warm-up run. */
const RUNS = 20;
/** Lists read (RUNS + 1 requests each) before the timed cases, untimed: see measureLists. */
const WARM_UP_ROUNDS = 5;
/** The server caches the session checks of reads unless told otherwise (SESSION_CACHE, decision 0034). */
const SESSION_CACHED = process.env.SESSION_CACHE !== 'off';
const SUPPLIER_EMAIL = 'einkauf@lieferant-1.example';
const SUPPLIER_PASSWORD = 'Lieferant-Passwort-123';

interface Timing {
  label: string;
  total: number | undefined;
  /** The first request of the case: the totals of a new filter are counted (or read, see below). */
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  /**
   * The request's own statements in this process through pg, without HTTP, token and JSON: the session
   * check every authenticated request runs, then the service call (its SQL).
   */
  sqlMedianMs: number;
  /** The server's own time for the timed runs (serverTimes), median: the API without the round trip. */
  serverMedianMs: number;
}

async function get(base: string, token: string, url: string, requestId?: string): Promise<unknown> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
  };
  if (requestId) headers['x-request-id'] = requestId;
  const { status, text } = await httpRequest(`${base}${url}`, { headers });
  if (status !== 200) throw new Error(`GET ${url} answered ${status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as unknown;
}

async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

/** Numbers the timed requests' `x-request-id`s, so that the server's log tells their own times. */
let requestCount = 0;

/**
 * The request once (timed as the first request) and the service call behind it (`direct`) once
 * untimed; then RUNS times each, alternating (a drift of the machine's speed falls on both alike), each
 * request until its body has been read; the requests' own times read from the server's log afterwards.
 */
async function measure(
  server: BenchServer,
  token: string,
  label: string,
  url: string,
  direct: () => Promise<unknown>,
): Promise<Timing> {
  const { base } = server;
  let first: { total?: number } = {};
  const firstMs = await timed(async () => (first = (await get(base, token, url)) as { total?: number }));
  await direct();
  const logFrom = server.output().length;
  const requestIds = new Set<string>();
  const times: number[] = [];
  const sqlTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const requestId = `bench-${++requestCount}`;
    requestIds.add(requestId);
    times.push(await timed(() => get(base, token, url, requestId)));
    sqlTimes.push(await timed(direct));
  }
  const serverMedianMs = percentile(await loggedTimes(server, logFrom, requestIds), 50);
  return {
    label,
    total: first.total,
    firstMs,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    sqlMedianMs: percentile(sqlTimes, 50),
    serverMedianMs,
  };
}

/** serverTimes of the requests, once the server has written their log lines (it logs after answering). */
async function loggedTimes(server: BenchServer, logFrom: number, requestIds: Set<string>): Promise<number[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return serverTimes(server.output().slice(logFrom), requestIds);
    } catch (error) {
      if (attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

function listUrl(params: Record<string, string | number | boolean>): string {
  const query = new URLSearchParams({ page: '1', sorting: DEFAULT_SORTING });
  for (const [name, value] of Object.entries(params)) query.set(name, String(value));
  return `/api/transactions?${query}`;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const pad = (text: string, width: number) => text.padEnd(width);
const padLeft = (text: string, width: number) => text.padStart(width);

/** Issue 13: the API within 1.3× of its own SQL. */
const RATIO_TARGET = 1.3;
/** The cases above it counted by how long their SQL takes (ms): where a round trip alone is 0.3×. */
const SQL_BANDS: [number, number][] = [
  [0, 5],
  [5, 10],
  [10, Infinity],
];

function printTable(title: string, timings: Timing[]): void {
  const width = Math.max(...timings.map((t) => t.label.length));
  const columns = ['matches', 'first', 'median', 'p95', 'server', 'SQL', 'API/SQL', 'API−SQL', 'server/SQL'];
  console.log(`\n${title}`);
  console.log(`  ${pad('request', width)}  ${columns.map((c) => padLeft(c, 9)).join('  ')}`);
  for (const t of timings) {
    const cells = [
      t.total === undefined ? '–' : t.total.toLocaleString('en'),
      ms(t.firstMs),
      ms(t.medianMs),
      ms(t.p95Ms),
      ms(t.serverMedianMs),
      ms(t.sqlMedianMs),
      ratio(t.medianMs, t.sqlMedianMs),
      ms(t.medianMs - t.sqlMedianMs),
      ratio(t.serverMedianMs, t.sqlMedianMs),
    ];
    console.log(`  ${pad(t.label, width)}  ${cells.map((c) => padLeft(c, 9)).join('  ')}`);
  }
  const worst = timings.reduce((w, t) => (t.p95Ms > w.p95Ms ? t : w));
  const over = timings.filter((t) => t.p95Ms >= 100).length;
  const apiRatios = timings.map((t) => t.medianMs / t.sqlMedianMs);
  const serverRatios = timings.map((t) => t.serverMedianMs / t.sqlMedianMs);
  const apiAbove = timings.filter((t) => t.medianMs / t.sqlMedianMs > RATIO_TARGET);
  const bySql = SQL_BANDS.map(([from, until]) => {
    const band = (t: Timing) => t.sqlMedianMs >= from && t.sqlMedianMs < until;
    const name =
      from === 0 ? `under ${until} ms` : until === Infinity ? `${from} ms or more` : `${from}–${until} ms`;
    return `${name}: ${apiAbove.filter(band).length} of ${timings.filter(band).length}`;
  });
  console.log(
    `  ${over} of ${timings.length} with p95 ≥ 100 ms; slowest p95: ${worst.label} ${ms(worst.p95Ms)}\n` +
      `  API/SQL median ${percentile(apiRatios, 50).toFixed(2)}×, max ${Math.max(...apiRatios).toFixed(2)}×, ` +
      `${apiAbove.length} of ${timings.length} above ${RATIO_TARGET}× (by the case's SQL: ${bySql.join(', ')})\n` +
      `  server/SQL median ${percentile(serverRatios, 50).toFixed(2)}×, max ${Math.max(...serverRatios).toFixed(2)}×, ` +
      `${serverRatios.filter((r) => r > RATIO_TARGET).length} of ${timings.length} above ${RATIO_TARGET}×`,
  );
}

const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}×`;

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

/** What every section gets: the server, the database (URL, pool and drizzle) and the two users' tokens. */
interface SectionContext {
  server: BenchServer;
  url: string;
  pool: pg.Pool;
  db: Db;
  tokens: Tokens;
}

/**
 * Every list case (both roles; the 12 sort keys in both directions on the first and a deep page; each
 * filter; rare, medium and common searches; combined filters) and the single booking, over HTTP and as
 * the service call in this process.
 */
async function measureLists({ server, pool, db, tokens }: SectionContext): Promise<void> {
  const { base } = server;
  // Search terms and ids taken from the data.
  const { rows: picked } = await pool.query<{
    invoiceNumber: string;
    id: number;
    supplierId: number;
    supplierInvoiceNumber: string;
    exportBatch: number | null;
  }>(
    `select (select invoice_number from transactions where id = ${Math.round(BOOKINGS * 0.4)}) as "invoiceNumber",
      ${Math.round(BOOKINGS / 2)} as id,
      s.id as "supplierId", s.invoice_number as "supplierInvoiceNumber",
      (select max(id) from export_batches) as "exportBatch"
     from (select id, invoice_number from transactions where creditor_number = ${FIRST_CREDITOR}
       order by id limit 1 offset 30000) s`,
  );
  const { invoiceNumber, id, supplierId, supplierInvoiceNumber } = picked[0]!;
  const medium = 'Stadtbibliothek Bornheim';
  const broad = 'er';
  const common = 'Stadt';
  // The invoice numbers of every fourth creditor (the largest among them) are R100000001, R100000002,
  // … in the order of the invoice dates: this prefix is that of the oldest 99,999 invoices, so its
  // matches (87,696; the supplier's 22,252) lie together at the far end of the newest-first order.
  const oldInvoices = 'R1000';
  // One letter no name holds: the trigram indexes cannot narrow it, so counting it tests every booking.
  const unmatched = 'x';
  // The fill's order numbers: "Bestellung 10000" to "Bestellung 99999" in a quarter of the texts.
  const orderWord = 'Bestellung';
  const article = FIRST_ARTICLE + 20;
  const debitor = FIRST_DEBITOR + 700;
  const rangeFrom = addDays(FIRST_DAY, 365);
  const rangeUntil = addDays(FIRST_DAY, 365 + 90);
  const range = { invoiceDateFrom: wireDay(rangeFrom), invoiceDateUntil: wireDay(rangeUntil) };
  const sessions = { admin: sessionCheck(db, tokens.admin), supplier: sessionCheck(db, tokens.supplier) };
  // A read's session check is answered from the server's memory (decision 0034): its statements are
  // the service call's alone. The server inherits this environment, so SESSION_CACHE=off counts it.
  const users = { admin: await sessions.admin(), supplier: await sessions.supplier() };
  const sessionUser = (role: 'admin' | 'supplier') =>
    SESSION_CACHED ? Promise.resolve(users[role]) : sessions[role]();

  const run = async (
    role: 'admin' | 'supplier',
    label: string,
    params: Record<string, string | number | boolean>,
  ) => {
    const url = listUrl(params);
    const query = bookingListQuerySchema.parse(Object.fromEntries(new URL(url, base).searchParams));
    return measure(server, tokens[role], label, url, async () =>
      listBookings(db, await sessionUser(role), query, query.sorting, query.page),
    );
  };
  const single = (role: 'admin' | 'supplier', bookingId: number) =>
    measure(
      server,
      tokens[role],
      `GET /api/transactions/${bookingId}`,
      `/api/transactions/${bookingId}`,
      async () => getBooking(db, await sessionUser(role), bookingId),
    );
  /**
   * `middlePages`: also every order on these pages. For the supplier the last ones before the grouped
   * plans take over from the bounded sort of all the creditor's bookings (bookings.page-plan.ts): page
   * 30 (offset 1,450) for the debitor name and the location (EARLY_GROUPED_MATCHES_OFFSET), page 100
   * (offset 4,950) for the other orders (GROUPED_MATCHES_OFFSET), where that sort's bound is largest.
   * For the admin page 10,000, the middle of the million: the most entries any index walk would pass,
   * from either end (the last page is read from the end, selectBookingPage).
   */
  const cases = async (role: 'admin' | 'supplier', deepPage: number, middlePages: number[] = []) => {
    const timings: Timing[] = [];
    const add = async (label: string, params: Record<string, string | number | boolean>) =>
      timings.push(await run(role, label, params));
    await add('first page, default sort', {});
    await add(`page ${deepPage}`, { page: deepPage });
    await add(`search "${role === 'admin' ? invoiceNumber : supplierInvoiceNumber}" (invoice number)`, {
      searchQuery: role === 'admin' ? invoiceNumber : supplierInvoiceNumber,
    });
    await add(`search "${medium}"`, { searchQuery: medium });
    await add(`search "${broad}"`, { searchQuery: broad });
    await add(`search "${broad}", page ${deepPage}`, { searchQuery: broad, page: deepPage });
    // A common term in an order no index led by the creditor has: the supplier's page sorts the
    // matches (docs/performance.md, "Bookings list: figures", the open item of 26 Nov).
    await add(`search "${common}", sorting debitor_name`, { searchQuery: common, sorting: 'debitor_name' });
    // Matches lying together far from the start of the order (docs/performance.md, change 57).
    await add(`search "${oldInvoices}" (the oldest invoices)`, { searchQuery: oldInvoices });
    await add(`search "${oldInvoices}", page 20`, { searchQuery: oldInvoices, page: 20 });
    await add(`search "${oldInvoices}", page 100`, { searchQuery: oldInvoices, page: 100 });
    await add(`search "${oldInvoices}", sorting invoice_number${DESCENDING_SUFFIX}`, {
      searchQuery: oldInvoices,
      sorting: `invoice_number${DESCENDING_SUFFIX}`,
    });
    await add(`search "${unmatched}" (no match)`, { searchQuery: unmatched });
    // A word of a quarter of the bookings' own texts (admin 250,450 matches, supplier 18,621) on a deep
    // page: from the second request on read by the ids kept for it (change 58).
    const orderWordPage = role === 'admin' ? deepPage : 100;
    await add(`search "${orderWord}", page ${orderWordPage}`, {
      searchQuery: orderWord,
      page: orderWordPage,
    });
    await add(`dates ${rangeFrom} … ${rangeUntil}`, range);
    await add(`dates + article ${article}`, { ...range, article });
    await add(`article ${article}`, { article });
    await add(`debitor ${debitor}`, { debitor });
    if (role === 'admin') await add(`creditor ${FIRST_CREDITOR + 10}`, { creditor: FIRST_CREDITOR + 10 });
    await add('exportedOnly', { exportedOnly: true });
    await add('notExportedOnly', { notExportedOnly: true });
    await add(`exportedOnly + search "${medium}" + dates`, {
      exportedOnly: true,
      searchQuery: medium,
      ...range,
    });
    if (picked[0]!.exportBatch !== null)
      await add(`export batch ${picked[0]!.exportBatch}`, { exportBatch: picked[0]!.exportBatch });
    // Filtered lists sorted and paged, the slowest the filteredOrders section found before changes
    // 37-39 (docs/performance.md): the most common article by its own name (every match one name),
    // an export status deep in another order, one creditor's not exported bookings oldest first.
    await add(`article ${FIRST_ARTICLE}, sorting article_name${DESCENDING_SUFFIX}`, {
      article: FIRST_ARTICLE,
      sorting: `article_name${DESCENDING_SUFFIX}`,
    });
    await add(`article ${FIRST_ARTICLE}, sorting debitor_name, page 100`, {
      article: FIRST_ARTICLE,
      sorting: 'debitor_name',
      page: 100,
    });
    // The supplier's exported bookings have 745 pages: its deep page would be past their end.
    const exportedPage = role === 'admin' ? deepPage : 500;
    await add(`exportedOnly, sorting net, page ${exportedPage}`, {
      exportedOnly: true,
      sorting: 'net',
      page: exportedPage,
    });
    await add(`notExportedOnly, sorting creation_date`, { notExportedOnly: true, sorting: 'creation_date' });
    await add(`dates, sorting location, page 100`, { ...range, sorting: 'location', page: 100 });
    for (const key of SORT_KEYS) {
      for (const sorting of [key, `${key}${DESCENDING_SUFFIX}`]) {
        await add(`sorting ${sorting}`, { sorting });
        await add(`sorting ${sorting}, page ${deepPage}`, { sorting, page: deepPage });
        for (const page of middlePages) await add(`sorting ${sorting}, page ${page}`, { sorting, page });
      }
    }
    // The last page (read from the end): the default order and the order the supplier's deep pages
    // found slowest.
    const lastPage = Math.ceil(timings[0]!.total! / PAGE_SIZE);
    await add(`page ${lastPage} (the last)`, { page: lastPage });
    await add(`sorting net${DESCENDING_SUFFIX}, page ${lastPage} (the last)`, {
      sorting: `net${DESCENDING_SUFFIX}`,
      page: lastPage,
    });
    timings.push(await single(role, role === 'admin' ? id : supplierId));
    return timings;
  };

  // A server just started runs its first requests in code V8 has not optimized yet, and so does this
  // process its service calls: the first case, the default first page, measured 5.3 ms (server 3.8 ms)
  // where the same request later in the run took 2.5 ms. A running server has long left that behind,
  // so each role first reads a list no case reads (its totals are another filter's) as often as a few
  // cases do, untimed.
  for (const role of ['admin', 'supplier'] as const)
    for (let round = 0; round < WARM_UP_ROUNDS; round++)
      await run(role, 'warm-up', { debitor: FIRST_DEBITOR + 1 });
  const adminTimings = await cases('admin', 2000, [10_000]);
  const supplierTimings = await cases('supplier', 1000, [30, 100]);
  const floor = await healthMedian(server);
  const note =
    `median / p95 of ${RUNS} runs after the first; server: its own time for them (its log); SQL: ` +
    `${SESSION_CACHED ? '' : 'the session check and '}the service call in-process, median`;
  printTable(`admin, ${BOOKINGS.toLocaleString('en')} bookings (${note})`, adminTimings);
  printTable(`supplier of creditor ${FIRST_CREDITOR} (${note})`, supplierTimings);
  console.log(
    `\nthe fixed cost of any request here: GET /api/health (one HTTP round trip and \`select 1\`, no ` +
      `token), median of ${HEALTH_RUNS}: ${ms(floor.medianMs)}, of which the server's own ` +
      `${ms(floor.serverMedianMs)}`,
  );
}

const HEALTH_RUNS = 200;

/**
 * What every request costs before any work of its own, with the client of the cases: the floor under
 * the API/SQL column of small statements (docs/performance.md, "API/SQL"), and the part of it that is
 * the server's.
 */
async function healthMedian(server: BenchServer): Promise<{ medianMs: number; serverMedianMs: number }> {
  const logFrom = server.output().length;
  const requestIds = new Set<string>();
  const times: number[] = [];
  for (let i = 0; i < HEALTH_RUNS; i++) {
    const requestId = `bench-health-${i}`;
    requestIds.add(requestId);
    times.push(
      await timed(async () => {
        const { status } = await httpRequest(`${server.base}/api/health`, {
          headers: { 'x-request-id': requestId },
        });
        if (status !== 200) throw new Error(`GET /api/health answered ${status}`);
      }),
    );
  }
  const serverMs = await loggedTimes(server, logFrom, requestIds);
  return { medianMs: percentile(times, 50), serverMedianMs: percentile(serverMs, 50) };
}

/**
 * The sections of the case, in this order; `BENCH_SECTIONS=list,exports` runs only those named. The
 * exports come last: they mark bookings exported.
 */
const SECTIONS = {
  list: measureLists,
  filteredOrders: ({ db, tokens }: SectionContext) => measureFilteredOrders(db, tokens),
  firstRequests: ({ url, pool, tokens }: SectionContext) => measureFirstRequests(url, pool, tokens),
  valueSkew: ({ url, db, tokens }: SectionContext) => measureValueSkew(url, db, tokens),
  firstRows: ({ server, tokens }: SectionContext) => measureFirstRows(server, tokens),
  masterData: ({ server, tokens, pool }: SectionContext) => measureMasterData(server, tokens, pool),
  throughput: ({ server, tokens }: SectionContext) =>
    measureThroughput(server, tokens, { bookingId: BOOKINGS / 2, searchTerm: 'Stadtbibliothek Bornheim' }),
  genericRest: ({ server, tokens, url, pool }: SectionContext) =>
    measureGenericRest(server, tokens.admin, url, pool),
  sharedTotals: ({ tokens, url, pool }: SectionContext) => measureSharedTotals(tokens.admin, url, pool),
  overlappingRequests: ({ server, tokens, url, pool }: SectionContext) =>
    measureOverlappingRequests(server, tokens.admin, url, pool),
  exports: ({ server, tokens, pool }: SectionContext) => measureExports(server, tokens.admin, pool),
  reexportBatch: ({ server, tokens, pool }: SectionContext) =>
    measureReexportBatch(server, tokens.admin, pool),
} satisfies Record<string, (context: SectionContext) => Promise<void>>;

function wantedSections(): (keyof typeof SECTIONS)[] {
  const all = Object.keys(SECTIONS) as (keyof typeof SECTIONS)[];
  const named = process.env.BENCH_SECTIONS?.split(',').map((name) => name.trim());
  if (!named) return all;
  const unknown = named.filter((name) => !all.includes(name as keyof typeof SECTIONS));
  if (unknown.length > 0)
    throw new Error(`BENCH_SECTIONS: unknown ${unknown.join(', ')}; known: ${all.join(', ')}`);
  return all.filter((name) => named.includes(name));
}

/**
 * The bookings table's state as PostgreSQL counts it, printed before the sections: rows rewritten and
 * not yet vacuumed make the deep pages read the table (decision 0038), which a kept fill used by earlier
 * runs may still carry.
 */
async function printTableState(pool: pg.Pool): Promise<void> {
  const { live, dead, lastVacuumed } = await bookingsTableState(pool);
  console.log(
    `bookings table: ${live.toLocaleString('en')} live rows, ${dead.toLocaleString('en')} dead (not yet ` +
      `vacuumed); last vacuumed ${lastVacuumed ?? 'never'}`,
  );
}

async function measureSections(url: string, { pool, db }: Connection): Promise<void> {
  const sections = wantedSections();
  await printTableState(pool);
  // The browser section needs the web app, which the server serves as it finds it at start.
  await buildServer({ web: sections.includes('firstRows') });
  await withServer(url, async (server) => {
    const tokens = await signIn(server.base);
    for (const section of sections) await SECTIONS[section]({ server, url, pool, db, tokens });
  });
}

/**
 * A fresh database filled with the million bookings (by SQL; with `BENCH_FILL=uploads` through the
 * upload API, bookings-upload-fill.ts); or, with `BENCH_DATABASE_URL`, a database filled by an earlier
 * run (kept by the developer, e.g. to repeat one section while tuning a query).
 */
async function run(): Promise<void> {
  const existing = process.env.BENCH_DATABASE_URL;
  if (existing) {
    const connection = connect(existing);
    try {
      await measureSections(existing, connection);
    } finally {
      await connection.close();
    }
    return;
  }
  await withBenchDatabase('lp-bench-bookings-', async ({ url, connection }) => {
    if (process.env.BENCH_FILL === 'uploads') await fillThroughUploads(url, connection.pool);
    else await fill(connection.pool);
    await measureSections(url, connection);
  });
}

export default { name: 'bookings-list', run };
