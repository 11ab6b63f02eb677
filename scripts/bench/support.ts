// Shared parts of the benchmark cases: an embedded PostgreSQL in a temp dir with the schema, the system
// records and the master data; the production server bundle in its own process; login; memory figures.
// Not a case itself (the runner loads only *.bench.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import iconv from 'iconv-lite';
import type pg from 'pg';
import { UPLOAD_COLUMNS } from '@lp/domain/upload-columns';
import { connect, type Connection } from '../../server/src/db/connection';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';
import { runMigrations } from '../../server/src/db/migrate';
import { seedSystemRecords } from '../../server/src/db/seed-system-records';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN_EMAIL = 'bench@localhost';
export const ADMIN_PASSWORD = 'Bench-Passwort-123';

/** The benchmark's master data: creditors 70001…, debitors 10001…, articles 1001… */
export const MASTER_DATA = { creditors: 50, debitors: 2_000, articles: 300 } as const;
export const FIRST_CREDITOR = 70_001;
export const FIRST_DEBITOR = 10_001;
export const FIRST_ARTICLE = 1_001;

export const megabytes = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The p-th percentile (nearest rank) of the values: 50 the median, 95 what 19 of 20 runs beat. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
const quiet = {
  info: () => undefined,
  warn: console.warn,
  error: console.error,
  debug: () => undefined,
};

/** USER_HZ, the unit of utime/stime in /proc/<pid>/stat: 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process in seconds, from /proc (the servers run in their own processes). */
export function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name in parentheses may contain spaces; the fields after it are fixed: utime is the
  // 14th field of the line, the 12th after the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Seconds per load case: BENCH_THROUGHPUT_SECONDS (a whole number ≥ 1) for quick tries, else `fallback`. */
export function throughputSeconds(fallback: number): number {
  const raw = process.env.BENCH_THROUGHPUT_SECONDS?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`BENCH_THROUGHPUT_SECONDS: a whole number of seconds ≥ 1, not "${raw}"`);
  return value;
}

/** What went wrong in a load run: non-2xx answers by status, connection errors, timeouts; empty if none. */
export function loadFailures(result: autocannon.Result): string[] {
  const problems: string[] = [];
  if (result.non2xx > 0) {
    const byStatus = Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `${count ?? 0}× ${status}`);
    problems.push(`${result.non2xx} non-2xx (${byStatus.join(', ')})`);
  }
  // `errors` counts the timeouts too.
  if (result.errors > 0) problems.push(`${result.errors} errors (${result.timeouts} of them timeouts)`);
  if (result.requests.total === 0) problems.push('no response at all');
  return problems;
}

/** VmHWM (peak resident set) and VmRSS of a process, in kB, from /proc. */
export function memoryOf(pid: number): { peakKb: number; rssKb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakKb: field('VmHWM'), rssKb: field('VmRSS') };
}

/** The Node flags of `npm start` (the root package.json), so the bench runs the server exactly so. */
export function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--') && word.includes('='));
}

export interface BenchDatabase {
  /** The temp dir; the cluster lives in `dir/data`. */
  dir: string;
  url: string;
  connection: Connection;
  pool: pg.Pool;
}

/**
 * Runs `body` with a fresh embedded PostgreSQL in a temp dir: migrated, system records seeded (admin
 * ADMIN_EMAIL), master data inserted. Afterwards, also on failure or Ctrl-C, the pool is closed,
 * PostgreSQL stopped and the temp dir removed.
 */
export async function withBenchDatabase<T>(
  prefix: string,
  body: (db: BenchDatabase) => Promise<T>,
): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // The postgres system user (as root) keeps its cluster in here and reads COPY files from here.
  fs.chmodSync(dir, 0o755);
  let stopEmbedded: (() => Promise<void>) | undefined;
  let connection: Connection | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      // A client still checked out (a failed step) would keep pool.end() waiting forever.
      if (connection) await Promise.race([connection.close().catch(() => undefined), delay(5_000)]);
      await stopEmbedded?.().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    })());
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: cleaning up the benchmark database`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const embedded = await startEmbeddedPostgres(path.join(dir, 'data'), quiet);
    stopEmbedded = () => embedded.stop();
    connection = connect(embedded.url);
    // A client still checked out when PostgreSQL stops must not crash the process with its error event.
    connection.pool.on('connect', (client) => client.on('error', () => undefined));
    await runMigrations(connection.db);
    await seedSystemRecords(connection.db, {
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      log: quiet,
    });
    const { creditors, debitors, articles } = MASTER_DATA;
    await connection.pool.query(`
      insert into creditors (number, name)
        select ${FIRST_CREDITOR - 1} + g, 'Lieferant ' || g || ' GmbH' from generate_series(1, ${creditors}) g;
      insert into debitors (number, name, street, zip_code, city)
        select ${FIRST_DEBITOR - 1} + g, 'Gemeinde ' || g, 'Rathausplatz ' || g, '60311', 'Frankfurt am Main'
        from generate_series(1, ${debitors}) g;
      insert into articles (number, name)
        select ${FIRST_ARTICLE - 1} + g, 'Artikel ' || g from generate_series(1, ${articles}) g;`);
    return await body({ dir, url: embedded.url, connection, pool: connection.pool });
  } finally {
    await cleanUp();
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
  }
}

export interface BenchServer {
  /** e.g. http://localhost:41234 */
  base: string;
  pid: number;
  /** Its stdout so far (the JSON log lines). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Builds the production server bundle (`npm run build --workspace server`); with `web`, the web app
 * first, as `npm start` does (`npm run build`).
 */
export async function buildServer({ web = false }: { web?: boolean } = {}): Promise<void> {
  const args = web ? ['run', 'build'] : ['run', 'build', '--workspace', 'server'];
  await new Promise<void>((resolve, reject) => {
    const build = spawn('npm', args, { cwd: ROOT, stdio: 'ignore' });
    build.on('error', reject);
    build.on('close', (code) => (code === 0 ? resolve() : reject(new Error('server build failed'))));
  });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The production server (the esbuild bundle `npm start` runs, with its Node flags) in its own process on
 * the benchmark's database, on a free port; resolves once it logs 'ready at'. Call buildServer() first.
 */
export async function startServer(
  databaseUrl: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<BenchServer> {
  const bundle = path.join(ROOT, 'server', 'dist', 'main.mjs');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  const server = spawn(process.execPath, [...startFlags(), bundle], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /ready at http:\/\/localhost:(\d+)/.exec(output);
        if (match) {
          clearInterval(timer);
          resolve(Number(match[1]));
        } else if (server.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`server exited: ${output}`));
        }
      }, 50);
    });
    return {
      base: `http://localhost:${port}`,
      pid: server.pid!,
      output: () => output,
      stop: () => stopProcess(server),
    };
  } catch (error) {
    await stopProcess(server);
    throw error;
  }
}

/** Runs `body` with a started production server and stops the server afterwards, also on failure. */
export async function withServer<T>(
  databaseUrl: string,
  body: (server: BenchServer) => Promise<T>,
): Promise<T> {
  const server = await startServer(databaseUrl);
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}

/** A bearer token from POST /api/getsecuretoken (the OAuth password grant of the login form). */
export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/getsecuretoken`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  const answer = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !answer.access_token)
    throw new Error(`login of ${username} answered ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.access_token;
}

/** A CSV file as Excel writes it: the template's header, then `lines` (cells joined by ';'), CRLF, Windows-1252. */
export function excelCsv(lines: string[]): Buffer {
  const header = UPLOAD_COLUMNS.map((column) => column.header).join(';');
  return iconv.encode([header, ...lines].join('\r\n') + '\r\n', 'windows-1252');
}

/** One file through `POST /api/upload`, as the upload form sends it; its status and JSON answer. */
export async function postUpload<Answer>(
  base: string,
  token: string,
  file: Buffer,
  { fileName, checkForDuplicates }: { fileName: string; checkForDuplicates: boolean },
): Promise<{ status: number; answer: Answer }> {
  const form = new FormData();
  form.append('uploads[]', new Blob([file]), fileName);
  const res = await fetch(`${base}/api/upload?checkForDuplicates=${checkForDuplicates}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, answer: (await res.json()) as Answer };
}
