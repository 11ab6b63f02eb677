// Our bookings API next to a generic auto-generated REST server on the same database (issue 13 says
// such servers, reading the bookings through a plain view, answer the name sorts ~3× faster and serve
// the first page, deep pages and a debitor filter with 1.5–2× our throughput; this measures it). The
// generic server is Platformatic's PostgreSQL-to-REST layer (generic-rest/server.mjs), installed on
// demand into a cache dir outside the repository, so the project never depends on it. It gets the
// equivalent of each admin request: the same filter, order (with the id as the same tiebreak), page
// of 50 and an exact count (`totalCount=true`); both must answer the same bookings and the same count,
// else the bench fails. Latency as in bookings-list.bench.ts (first request, then 20 runs; 200 for the
// two requests of a sub-millisecond statement), throughput with autocannon at 10 connections. The
// comparison is in the generic server's favour: it checks no token, logs nothing and answers only the
// count, where ours also sums the net of every matching booking.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { DEFAULT_SORTING, parseSorting, type SortKey } from '@lp/domain/booking-list-query';
import { PAGE_SIZE } from '@lp/domain/limits';
import { addDays, BOOKINGS, FIRST_DAY, wireDay } from './bookings-fill';
import { httpRequest } from './http-client';
import {
  BROWSER_ACCEPT_ENCODING,
  cpuSecondsOf,
  FIRST_DEBITOR,
  kilobytesPerAnswer,
  loadFailures,
  percentile,
  startFlags,
  stopProcess,
  throughputSeconds,
  type BenchServer,
} from './support';

/** Exact versions: v2 is the last line that runs on Node 20 (v3 needs Node 22). */
const GENERIC_PACKAGES = {
  '@platformatic/sql-mapper': '2.61.0',
  '@platformatic/sql-openapi': '2.61.0',
  fastify: '5.12.8',
};
const CACHE_DIR = path.join(os.tmpdir(), 'lp-bench-generic-rest');
const SERVER_FILE = path.join(import.meta.dirname, 'generic-rest', 'server.mjs');
/** Platformatic names the route after it: GET /benchBookings, /benchBookings/:id. */
const VIEW = 'bench_bookings';
const ROUTE = '/benchBookings';
/** What a booking of our API shows, the master-data names being the copies on the booking row. */
const VIEW_COLUMNS = [
  'id',
  'invoice_date',
  'invoice_number',
  'net',
  'debitor_number',
  'debitor_name',
  'delivery_location',
  'article_number',
  'article_name',
  'additional_information',
  'creditor_number',
  'creditor_name',
  'export_date',
  'creation_date',
  'creation_user_email_address',
  'version',
  'upload_batch_id',
];
/** The view's fields (camel case, as Platformatic names them) of the sort keys measured here. */
const GENERIC_ORDER_FIELDS: Partial<Record<SortKey, string>> = {
  creation_date: 'creationDate',
  debitor_name: 'debitorName',
  article_name: 'articleName',
  creditor_name: 'creditorName',
};
const RUNS = 20;
/**
 * Runs of the two requests whose statements take under a millisecond (the debitor filter, the single
 * booking): both servers answer them in 1–4 ms, and the medians of 20 runs moved by ±15 % between
 * runs of the bench, more than the difference between the servers (docs/performance.md).
 */
const SHORT_REQUEST_RUNS = 200;
const CONNECTIONS = 10;
const DEFAULT_SECONDS = 10;

/** The generic packages in CACHE_DIR: npm only when a version there differs, so a rerun starts at once. */
async function installGenericPackages(): Promise<void> {
  const installed = (name: string) => {
    const file = path.join(CACHE_DIR, 'node_modules', name, 'package.json');
    return fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version
      : '';
  };
  const specs = Object.entries(GENERIC_PACKAGES);
  if (specs.every(([name, version]) => installed(name) === version)) return;
  console.log(`installing ${specs.map(([n, v]) => `${n}@${v}`).join(' ')} into ${CACHE_DIR}`);
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  // No install scripts: none of the packages used needs one, and the SQLite driver's would try to
  // download a binary.
  const args = ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', CACHE_DIR];
  const npm = spawn('npm', [...args, ...specs.map(([n, v]) => `${n}@${v}`)], { cwd: CACHE_DIR });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    npm.on('error', reject);
    npm.on('close', resolve);
  });
  if (code !== 0) throw new Error(`npm install of the generic REST server failed:\n${output.slice(-3000)}`);
}

interface GenericServer {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** generic-rest/server.mjs in its own Node process (the Node flags of ours), once it listens. */
async function startGeneric(databaseUrl: string): Promise<GenericServer> {
  const child = spawn(process.execPath, [...startFlags(), SERVER_FILE], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      GENERIC_REST_DIR: CACHE_DIR,
      GENERIC_REST_VIEW: VIEW,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => stopProcess(child);
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match || child.exitCode !== null) clearInterval(timer);
      if (match) resolve(match[1]!);
      else if (child.exitCode !== null) reject(new Error(`generic REST server exited: ${output}`));
    }, 50);
  });
  return { base, pid: child.pid!, stop };
}

interface Case {
  label: string;
  /** Path and query on our server and on the generic one. */
  ours: string;
  generic: string;
  /** Also measured under load. */
  load: boolean;
  /** Alternating runs of both servers after the first request. */
  runs: number;
}

/** A list request of both servers: filter, order (a list sort key) and page. */
function listCase(
  label: string,
  {
    sorting = DEFAULT_SORTING,
    page = 1,
    ours = {},
    generic = {},
    load = false,
    runs = RUNS,
  }: {
    sorting?: string;
    page?: number;
    ours?: Record<string, string>;
    generic?: Record<string, string>;
    load?: boolean;
    runs?: number;
  },
): Case {
  const order = parseSorting(sorting);
  const field = order && GENERIC_ORDER_FIELDS[order.key];
  if (!order || !field) throw new Error(`no generic order for sorting ${sorting}`);
  const direction = order.descending ? 'desc' : 'asc';
  const ourQuery = new URLSearchParams({ page: String(page), sorting, ...ours });
  const genericQuery = new URLSearchParams({
    limit: String(PAGE_SIZE),
    offset: String((page - 1) * PAGE_SIZE),
    totalCount: 'true',
    ...generic,
    // Our list's tiebreak: the same bookings on the same page.
    [`orderby.${field}`]: direction,
    'orderby.id': direction,
  });
  return { label, ours: `/api/transactions?${ourQuery}`, generic: `${ROUTE}?${genericQuery}`, load, runs };
}

function cases(): Case[] {
  const debitor = String(FIRST_DEBITOR + 700);
  const from = addDays(FIRST_DAY, 365);
  const until = addDays(FIRST_DAY, 365 + 90);
  const bookingId = BOOKINGS / 2;
  return [
    listCase(`first page, ${DEFAULT_SORTING}`, { load: true }),
    listCase('page 2000', { page: 2000, load: true }),
    listCase('sorting debitor_name', { sorting: 'debitor_name', load: true }),
    listCase('sorting article_name', { sorting: 'article_name' }),
    listCase('sorting creditor_name', { sorting: 'creditor_name' }),
    listCase(`debitor ${debitor}`, {
      ours: { debitor },
      generic: { 'where.debitorNumber.eq': debitor },
      load: true,
      runs: SHORT_REQUEST_RUNS,
    }),
    listCase(`dates ${from} … ${until}`, {
      ours: { invoiceDateFrom: wireDay(from), invoiceDateUntil: wireDay(until) },
      generic: { 'where.invoiceDate.gte': from, 'where.invoiceDate.lte': until },
    }),
    {
      label: `booking ${bookingId}`,
      ours: `/api/transactions/${bookingId}`,
      generic: `${ROUTE}/${bookingId}`,
      load: true,
      runs: SHORT_REQUEST_RUNS,
    },
  ];
}

/** What both servers must agree on: the matching bookings' count (none for one booking) and the ids shown. */
interface Answer {
  total: number | undefined;
  ids: number[];
}

async function request(base: string, url: string, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await httpRequest(`${base}${url}`, { headers });
  const text = res.text;
  if (res.status !== 200) throw new Error(`GET ${base}${url} answered ${res.status}: ${text.slice(0, 500)}`);
  const body = JSON.parse(text) as
    { id: number } | { id: number }[] | { items: { id: number }[]; total: number };
  if (Array.isArray(body))
    return { total: Number(res.headers['x-total-count'] ?? NaN), ids: body.map((b) => b.id) };
  if ('items' in body) return { total: body.total, ids: body.items.map((b) => b.id) };
  return { total: undefined, ids: [body.id] };
}

interface Latency {
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  answer: Answer;
}

/** One server's request: where it goes and the token it carries (none for the generic server). */
interface Target {
  base: string;
  url: string;
  token?: string;
}

/**
 * Each server's request once (its answer kept for the comparison), then `runs` times each, each until its
 * body is read, the two servers alternating: a drift of this machine's speed falls on both alike.
 */
async function alternateLatencies(ours: Target, generic: Target, runs: number): Promise<[Latency, Latency]> {
  const timed = async ({ base, url, token }: Target) => {
    const started = performance.now();
    const answer = await request(base, url, token);
    return { ms: performance.now() - started, answer };
  };
  const firsts = [await timed(ours), await timed(generic)] as const;
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    times[0].push((await timed(ours)).ms);
    times[1].push((await timed(generic)).ms);
  }
  const latency = (index: 0 | 1): Latency => ({
    firstMs: firsts[index].ms,
    medianMs: percentile(times[index], 50),
    p95Ms: percentile(times[index], 95),
    answer: firsts[index].answer,
  });
  return [latency(0), latency(1)];
}

/** Fails loudly when the generic server's equivalent answers other bookings than ours. */
function assertSameAnswer(label: string, ours: Answer, generic: Answer): void {
  if (ours.total !== generic.total)
    throw new Error(`${label}: ours counts ${ours.total} bookings, the generic server ${generic.total}`);
  if (ours.ids.join() !== generic.ids.join())
    throw new Error(
      `${label}: other bookings: ours ${ours.ids.slice(0, 5).join()}…, generic ${generic.ids.slice(0, 5).join()}…`,
    );
}

interface Load {
  result: autocannon.Result;
  /** The server process's CPU seconds per wall-clock second: 1.0 is one core busy. */
  cpu: number;
}

async function load(base: string, pid: number, url: string, seconds: number, token?: string): Promise<Load> {
  const before = cpuSecondsOf(pid);
  const started = performance.now();
  const result = await autocannon({
    url: `${base}${url}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: {
      'accept-encoding': BROWSER_ACCEPT_ENCODING,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  return { result, cpu: (cpuSecondsOf(pid) - before) / ((performance.now() - started) / 1000) };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const ratio = (value: number) => `${value.toFixed(2)}×`;

function printRows(header: string[], rows: string[][]): void {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')}`;
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/**
 * Creates the view, installs and starts the generic server, measures every case on both servers and
 * prints the two tables; drops the view and stops the generic server afterwards, also on failure.
 * Throws when the answers differ or a request under load failed.
 */
export async function measureGenericRest(
  server: BenchServer,
  adminToken: string,
  databaseUrl: string,
  pool: pg.Pool,
): Promise<void> {
  await installGenericPackages();
  // Dropped first: a view left by an interrupted run may have other columns than this one.
  await pool.query(`drop view if exists ${VIEW}`);
  await pool.query(`create view ${VIEW} as select ${VIEW_COLUMNS.join(', ')} from transactions`);
  let generic: GenericServer | undefined;
  try {
    generic = await startGeneric(databaseUrl);
    await compare(server, adminToken, generic);
  } finally {
    await generic?.stop();
    await pool.query(`drop view if exists ${VIEW}`);
  }
}

async function compare(server: BenchServer, adminToken: string, generic: GenericServer): Promise<void> {
  const all = cases();
  const latencies: [Case, Latency, Latency][] = [];
  for (const c of all) {
    const [ours, theirs] = await alternateLatencies(
      { base: server.base, url: c.ours, token: adminToken },
      { base: generic.base, url: c.generic },
      c.runs,
    );
    assertSameAnswer(c.label, ours.answer, theirs.answer);
    latencies.push([c, ours, theirs]);
  }
  const seconds = throughputSeconds(DEFAULT_SECONDS);
  const loads: [Case, Load, Load][] = [];
  for (const c of all.filter((c) => c.load)) {
    const ours = await load(server.base, server.pid, c.ours, seconds, adminToken);
    const theirs = await load(generic.base, generic.pid, c.generic, seconds);
    loads.push([c, ours, theirs]);
  }

  console.log(
    `\nours vs a generic REST server (Platformatic DB ${GENERIC_PACKAGES['@platformatic/sql-openapi']}: ` +
      `sql-mapper + sql-openapi on fastify ${GENERIC_PACKAGES.fastify}, view ${VIEW}), admin, ` +
      `${BOOKINGS.toLocaleString('en')} bookings; both one Node process with a pool of 10.\n` +
      '  ours: Bearer token checked, answers the page, the exact count and the exact net sum of the whole filter;\n' +
      '  generic: no auth, answers the page and the count (totalCount=true → X-Total-Count), no sum.\n' +
      `  Both answered the same count and the same bookings in every case.`,
  );
  console.log(
    `\nlatency: the first request, then median / p95 of ${RUNS} runs (${SHORT_REQUEST_RUNS} for the debitor filter and the single booking), the two servers alternating; ratio = generic / ours median (> 1: ours faster)`,
  );
  printRows(
    ['request', 'matches', 'ours first', 'median', 'p95', 'generic first', 'median', 'p95', 'ratio'],
    latencies.map(([c, ours, theirs]) => [
      c.label,
      ours.answer.total?.toLocaleString('en') ?? '–',
      ms(ours.firstMs),
      ms(ours.medianMs),
      ms(ours.p95Ms),
      ms(theirs.firstMs),
      ms(theirs.medianMs),
      ms(theirs.p95Ms),
      ratio(theirs.medianMs / ours.medianMs),
    ]),
  );
  console.log(
    `\nthroughput: autocannon in this process, ${CONNECTIONS} connections, ${seconds} s per request and server; ` +
      'req/s: mean of the per-second counts; ratio = ours / generic req/s (> 1: ours ahead); CPU: the server process, 1.0 = one core; ' +
      `kB: bytes received per answer (headers and body; both asked with accept-encoding: ${BROWSER_ACCEPT_ENCODING})`,
  );
  printRows(
    ['request', 'ours req/s', 'p99', 'CPU', 'kB', 'generic req/s', 'p99', 'CPU', 'kB', 'ratio'],
    loads.map(([c, ours, theirs]) => [
      c.label,
      ours.result.requests.average.toFixed(0),
      ms(ours.result.latency.p99),
      ours.cpu.toFixed(2),
      kilobytesPerAnswer(ours.result),
      theirs.result.requests.average.toFixed(0),
      ms(theirs.result.latency.p99),
      theirs.cpu.toFixed(2),
      kilobytesPerAnswer(theirs.result),
      ratio(ours.result.requests.average / theirs.result.requests.average),
    ]),
  );
  const failed = loads.flatMap(([c, ours, theirs]) => [
    ...loadFailures(ours.result).map((problem) => `${c.label}, ours: ${problem}`),
    ...loadFailures(theirs.result).map((problem) => `${c.label}, generic: ${problem}`),
  ]);
  if (failed.length > 0)
    throw new Error(`generic REST: failed requests under load\n  ${failed.join('\n  ')}`);
}
