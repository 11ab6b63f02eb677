// Throughput of the bookings API under load: autocannon with 50 connections for 20 s per request (the
// admin's default first page, a name sort, a search and a single booking; the supplier's first page)
// against the production server; prints req/s, latency percentiles and the CPU both sides used. Fails
// when any response was not 2xx or any request errored or timed out.
import autocannon from 'autocannon';
import { DEFAULT_SORTING } from '@lp/domain/booking-list-query';
import {
  BROWSER_ACCEPT_ENCODING,
  cpuSecondsOf,
  kilobytesPerAnswer,
  loadFailures,
  throughputSeconds,
  type BenchServer,
} from './support';

const CONNECTIONS = 50;
const DEFAULT_SECONDS = 20;

interface LoadCase {
  label: string;
  role: 'admin' | 'supplier';
  path: string;
}

interface Outcome {
  label: string;
  /** `total` of the list answer before the run; undefined for the single booking. */
  matches: number | undefined;
  result: autocannon.Result;
  /** CPU seconds per wall-clock second: 1.0 is one core busy. */
  serverCpu: number;
  /** The same for this process, where autocannon generates the load. */
  benchCpu: number;
}

function listPath(params: Record<string, string>): string {
  return `/api/transactions?${new URLSearchParams({ page: '1', sorting: DEFAULT_SORTING, ...params })}`;
}

/**
 * One plain request first: a wrong token or path then fails at once, not after seconds of load, a search
 * that matches nothing (which would measure an empty page) is refused, and the first query's planning is
 * out of the timed run.
 */
async function preflight(
  base: string,
  token: string,
  { label, path }: LoadCase,
): Promise<number | undefined> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`${label}: GET ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  const { total } = JSON.parse(text) as { total?: number };
  if (total === 0) throw new Error(`${label}: GET ${path} matches no booking`);
  return total;
}

async function load(
  server: BenchServer,
  token: string,
  loadCase: LoadCase,
  seconds: number,
): Promise<Outcome> {
  const matches = await preflight(server.base, token, loadCase);
  const serverBefore = cpuSecondsOf(server.pid);
  const benchBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: `${server.base}${loadCase.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const bench = process.cpuUsage(benchBefore);
  return {
    label: loadCase.label,
    matches,
    result,
    serverCpu: (cpuSecondsOf(server.pid) - serverBefore) / wallSeconds,
    benchCpu: (bench.user + bench.system) / 1e6 / wallSeconds,
  };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const padLeft = (text: string, width: number) => text.padStart(width);

function printTable(outcomes: Outcome[], seconds: number): void {
  console.log(
    `\nthroughput: ${CONNECTIONS} connections, ${seconds} s per request (autocannon in this process; ` +
      'req/s: mean of the per-second counts; latency: of the 2xx answers; kB: received per answer; ' +
      'CPU: cores busy, 1.0 = one)',
  );
  const width = Math.max(...outcomes.map((o) => o.label.length));
  const columns = [
    'matches',
    'req/s',
    'p50',
    'p99',
    'max',
    'kB',
    'requests',
    'non-2xx',
    'errors',
    'server',
    'bench',
  ];
  console.log(`  ${'request'.padEnd(width)}  ${columns.map((c) => padLeft(c, 9)).join('  ')}`);
  for (const { label, matches, result, serverCpu, benchCpu } of outcomes) {
    const cells = [
      matches === undefined ? '–' : matches.toLocaleString('en'),
      result.requests.average.toFixed(0),
      ms(result.latency.p50),
      ms(result.latency.p99),
      ms(result.latency.max),
      kilobytesPerAnswer(result),
      result.requests.total.toLocaleString('en'),
      String(result.non2xx),
      String(result.errors),
      serverCpu.toFixed(2),
      benchCpu.toFixed(2),
    ];
    console.log(`  ${label.padEnd(width)}  ${cells.map((c) => padLeft(c, 9)).join('  ')}`);
  }
}

/**
 * Each case under load in turn (admin: default first page, sorted by debitor name, the search
 * `pick.searchTerm`, the booking `pick.bookingId`; then the supplier's default first page); prints the
 * table, then throws if any response was not 2xx or any request failed.
 */
export async function measureThroughput(
  server: BenchServer,
  tokens: { admin: string; supplier: string },
  pick: { bookingId: number; searchTerm: string },
): Promise<void> {
  const seconds = throughputSeconds(DEFAULT_SECONDS);
  const cases: LoadCase[] = [
    { label: 'admin: first page, default sort', role: 'admin', path: listPath({}) },
    { label: 'admin: sorting debitor_name', role: 'admin', path: listPath({ sorting: 'debitor_name' }) },
    {
      label: `admin: search "${pick.searchTerm}"`,
      role: 'admin',
      path: listPath({ searchQuery: pick.searchTerm }),
    },
    {
      label: `admin: GET /api/transactions/${pick.bookingId}`,
      role: 'admin',
      path: `/api/transactions/${pick.bookingId}`,
    },
    { label: 'supplier: first page, default sort', role: 'supplier', path: listPath({}) },
  ];
  const outcomes: Outcome[] = [];
  for (const loadCase of cases) outcomes.push(await load(server, tokens[loadCase.role], loadCase, seconds));
  printTable(outcomes, seconds);
  const failed = outcomes.flatMap((o) => loadFailures(o.result).map((problem) => `${o.label}: ${problem}`));
  if (failed.length > 0) throw new Error(`throughput: failed requests under load\n  ${failed.join('\n  ')}`);
}
