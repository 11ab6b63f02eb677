// Master data beside a million bookings (issue 13): the lists of the management screens and of the
// entry forms' pickers over HTTP, and a rename through the API, which also rewrites the name copied
// onto every booking of the record (docs/performance.md, change 1) in the same transaction: a debitor
// (~500 bookings), an article (~6,400) and the creditor with the most bookings (~75,000); after the
// article's renames, a deep page of the list right then and once autovacuum has visited the bookings
// (decision 0038). Prints figures only; fails only when a request fails.
import type pg from 'pg';
import { httpRequest } from './http-client';
import {
  bookingsTableState,
  BROWSER_ACCEPT_ENCODING,
  FIRST_ARTICLE,
  FIRST_CREDITOR,
  FIRST_DEBITOR,
  percentile,
  type BenchServer,
  type BookingsTableState,
} from './support';

const RUNS = 20;
/** Renames per record: each one there and back, so the database ends as it began. */
const RENAMES = 4;
/** A page that walks half of an order's covering index: it reads the table wherever a page is unmarked. */
const DEEP_PAGE = '/api/transactions?page=10000&sorting=net';
/** How long the bench waits for autovacuum after the article's renames (its naptime is a minute). */
const AUTOVACUUM_WAIT_MS = 180_000;

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
 * The deep page right after renames have cleared the visibility map of the pages they touched, then
 * once autovacuum has finished a visit of the bookings that began after them (or AUTOVACUUM_WAIT_MS
 * passed without one). A visit already under way when they ended marks none of their pages: its end
 * does not count (it once printed "0 s later" with the page as slow as right after).
 */
async function deepPageAfterRenames(base: string, token: string, pool: pg.Pool): Promise<void> {
  const renamed = await bookingsTableState(pool);
  line('page 10000 by net, right after', (await timeGet(base, token, DEEP_PAGE)).times);
  const started = performance.now();
  // The visits to finish: the one under way (if any) and one after it.
  const awaited = renamed.autovacuums + (renamed.vacuuming ? 2 : 1);
  const done = ({ autovacuums, vacuuming }: BookingsTableState) => !vacuuming && autovacuums >= awaited;
  let state = await bookingsTableState(pool);
  while (!done(state) && performance.now() - started < AUTOVACUUM_WAIT_MS) {
    // Often enough that the seconds printed are autovacuum's, not the polling's.
    await new Promise((resolve) => setTimeout(resolve, 250));
    state = await bookingsTableState(pool);
  }
  const waited = `${((performance.now() - started) / 1000).toFixed(0)} s`;
  if (!done(state)) {
    console.log(`  no autovacuum of the bookings within ${waited}`);
    return;
  }
  line(`the same once autovacuum has run, ${waited} later`, (await timeGet(base, token, DEEP_PAGE)).times);
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
    { kind: 'creditors', number: FIRST_CREDITOR, column: 'creditor_number' },
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
    const times: number[] = [];
    for (let i = 0; i < RENAMES; i++) {
      const name = i % 2 === 0 ? `${original} (umbenannt)` : original;
      const started = performance.now();
      await call(base, tokens.admin, 'PUT', `/api/${kind}/${number}`, { ...record, name });
      times.push(performance.now() - started);
    }
    line(`PUT /api/${kind}/${number}`, times, `  (${Number(rows[0]!.count).toLocaleString('en')} bookings)`);
    if (thenDeepPage) await deepPageAfterRenames(base, tokens.admin, pool);
  }
}
