// Master data beside a million bookings (issue 13): the lists of the management screens and of the
// entry forms' pickers over HTTP, and a rename through the API, which also rewrites the name copied
// onto every booking of the record (docs/performance.md, change 1) in the same transaction: a debitor
// (~500 bookings), an article (~6,400) and the creditor with the most bookings (~75,000); after the
// article's and the creditor's renames, a deep page of the list before them, right after them until it
// is back, and then (the server vacuums the bookings after such writes, decision 0039). Each rename is
// timed alone, after the vacuum that followed the one before. Prints figures only; fails only when a
// request fails or no vacuum follows a rename.
import type pg from 'pg';
import { httpRequest } from './http-client';
import {
  BROWSER_ACCEPT_ENCODING,
  FIRST_ARTICLE,
  FIRST_CREDITOR,
  FIRST_DEBITOR,
  percentile,
  type BenchServer,
} from './support';

const RUNS = 20;
/** Renames per record: each one there and back, so the database ends as it began. */
const RENAMES = 4;
/** A page that walks half of an order's covering index: it reads the table wherever a page is unmarked. */
const DEEP_PAGE = '/api/transactions?page=10000&sorting=net';
/** Back at its time before the renames: within this factor of that median. */
const BACK_WITHIN = 1.25;
/** How long the bench waits for the deep page to be back after renames. */
const BACK_WAIT_MS = 180_000;

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const { status, text } = await httpRequest(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-encoding': BROWSER_ACCEPT_ENCODING,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (status !== 200) throw new Error(`${method} ${path} answered ${status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as unknown;
}

function line(label: string, times: number[], extra = ''): void {
  console.log(
    `  ${label.padEnd(46)} median ${ms(percentile(times, 50)).padStart(9)}  ` +
      `p95 ${ms(percentile(times, 95)).padStart(9)}${extra}`,
  );
}

/** The request once untimed, then RUNS times: the times and the last answer. */
async function timeGet(
  base: string,
  token: string,
  path: string,
): Promise<{ times: number[]; answer: unknown }> {
  let answer = await call(base, token, 'GET', path);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    answer = await call(base, token, 'GET', path);
    times.push(performance.now() - started);
  }
  return { times, answer };
}

async function timeList(base: string, token: string, label: string, path: string): Promise<void> {
  const { times, answer } = await timeGet(base, token, path);
  line(label, times, `  (${(answer as unknown[]).length} rows)`);
}

/**
 * The deep page right after renames have cleared the visibility map of the pages they touched, requested
 * one at a time until it is back at its time before them (at most BACK_WITHIN × that median), as the
 * server's vacuum after the renames marks the pages again (decision 0039; before it, autovacuum took
 * 20-103 s); then RUNS times.
 */
async function deepPageAfterRenames(base: string, token: string, before: number[]): Promise<void> {
  const started = performance.now();
  const times: number[] = [];
  const back = percentile(before, 50) * BACK_WITHIN;
  do {
    const requested = performance.now();
    await call(base, token, 'GET', DEEP_PAGE);
    times.push(performance.now() - requested);
  } while (times.at(-1)! > back && performance.now() - started < BACK_WAIT_MS);
  const waited = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const slowest = ms(Math.max(...times));
  if (times.at(-1)! > back) {
    console.log(`  page 10000 by net: still ${ms(times.at(-1)!)} after ${waited} (slowest ${slowest})`);
    return;
  }
  console.log(
    `  page 10000 by net right after: first ${ms(times[0]!)}, slowest ${slowest}; ` +
      `back within ${BACK_WITHIN}× after ${waited} (${times.length} requests)`,
  );
  line('page 10000 by net, then', (await timeGet(base, token, DEEP_PAGE)).times);
}

/** How many vacuums, the server's and autovacuum's, have finished on the bookings. */
async function vacuumsOfBookings(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `select vacuum_count + autovacuum_count as n from pg_stat_user_tables where relid = 'transactions'::regclass`,
  );
  return Number(rows[0]!.n);
}

/** Waits until a vacuum has finished since `vacuums` were counted: the server's after a rename. */
async function serverVacuumAfter(pool: pg.Pool, vacuums: number): Promise<void> {
  const started = performance.now();
  while ((await vacuumsOfBookings(pool)) <= vacuums) {
    if (performance.now() - started > BACK_WAIT_MS)
      throw new Error('no vacuum of the bookings after a rename');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function measureMasterData(
  server: BenchServer,
  tokens: { admin: string; supplier: string },
  pool: pg.Pool,
): Promise<void> {
  const { base } = server;
  console.log(`\nmaster data beside the bookings (median / p95 of ${RUNS} runs after one untimed)`);
  for (const kind of ['creditors', 'debitors', 'articles', 'users'])
    await timeList(base, tokens.admin, `admin GET /api/${kind}`, `/api/${kind}`);
  for (const kind of ['debitors', 'articles'])
    await timeList(
      base,
      tokens.supplier,
      `supplier GET /api/${kind}?onlyActive=true`,
      `/api/${kind}?onlyActive=true`,
    );

  console.log(
    `\nrenames through PUT (the name's copies on the bookings rewritten in the same transaction; ` +
      `median / p95 of ${RENAMES})`,
  );
  const records = [
    { kind: 'debitors', number: FIRST_DEBITOR + 700, column: 'debitor_number' },
    // Its renames rewrite 25,600 bookings, an eighth of what PostgreSQL's defaults wait for.
    { kind: 'articles', number: FIRST_ARTICLE + 20, column: 'article_number', thenDeepPage: true },
    // Its renames rewrite 297,796: the slowest page after them and the longest vacuum.
    { kind: 'creditors', number: FIRST_CREDITOR, column: 'creditor_number', thenDeepPage: true },
  ];
  for (const { kind, number, column, thenDeepPage } of records) {
    const { rows } = await pool.query<{ count: string }>(
      `select count(*) from transactions where ${column} = $1`,
      [number],
    );
    const record = (await call(base, tokens.admin, 'GET', `/api/${kind}/${number}`)) as Record<
      string,
      unknown
    >;
    const original = String(record.name);
    const before = thenDeepPage ? (await timeGet(base, tokens.admin, DEEP_PAGE)).times : [];
    const times: number[] = [];
    // The vacuums counted before the last rename: the server's vacuum after it ends the count.
    let vacuums: number | undefined;
    for (let i = 0; i < RENAMES; i++) {
      // Each rename alone, as an admin makes them: not beside the vacuum after the one before.
      if (vacuums !== undefined) await serverVacuumAfter(pool, vacuums);
      vacuums = await vacuumsOfBookings(pool);
      const name = i % 2 === 0 ? `${original} (umbenannt)` : original;
      const started = performance.now();
      await call(base, tokens.admin, 'PUT', `/api/${kind}/${number}`, { ...record, name });
      times.push(performance.now() - started);
    }
    line(`PUT /api/${kind}/${number}`, times, `  (${Number(rows[0]!.count).toLocaleString('en')} bookings)`);
    if (thenDeepPage) {
      line('page 10000 by net, before the renames', before);
      await deepPageAfterRenames(base, tokens.admin, before);
    }
    if (vacuums !== undefined) await serverVacuumAfter(pool, vacuums);
  }
}
