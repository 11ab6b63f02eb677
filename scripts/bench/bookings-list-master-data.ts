// Master data beside a million bookings (issue 13): the lists of the management screens and of the
// entry forms' pickers over HTTP, and a rename through the API, which also rewrites the name copied
// onto every booking of the record (docs/performance.md, change 1) in the same transaction: a debitor
// (~500 bookings), an article (~3,300) and the creditor with the most bookings (~75,000). Prints
// figures only; fails only when a request fails.
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

async function timeList(base: string, token: string, label: string, path: string): Promise<void> {
  let rows = 0;
  await call(base, token, 'GET', path);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rows = ((await call(base, token, 'GET', path)) as unknown[]).length;
    times.push(performance.now() - started);
  }
  line(label, times, `  (${rows} rows)`);
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
    { kind: 'articles', number: FIRST_ARTICLE + 20, column: 'article_number' },
    { kind: 'creditors', number: FIRST_CREDITOR, column: 'creditor_number' },
  ];
  for (const { kind, number, column } of records) {
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
  }
}
