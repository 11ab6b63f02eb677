// CSV exports at the million bookings of bookings-fill.ts, measured over HTTP against the production
// server: time to first byte, total time and the server's memory while the file streams; next to each,
// the time PostgreSQL takes to hand the same rows to a client with COPY (the export's own select), the
// floor any export of them could reach.
import fs from 'node:fs';
import http from 'node:http';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { DEFAULT_SORTING } from '@lp/domain/booking-list-query';
import { PgDialect } from 'drizzle-orm/pg-core';
import { inlineParameters } from '../../server/src/lib/sql-literals';
import { exportSelect } from '../../server/src/modules/bookings/bookings.export-sql';
import { bookingOrderBy, bookingWhere } from '../../server/src/modules/bookings/bookings.filter';
import { findSearchMatches } from '../../server/src/modules/bookings/bookings.search';
import { exportQuerySchema } from '../../server/src/modules/bookings/bookings.request';
import { addDays, BOOKINGS, EXPORTED_DAYS, FIRST_DAY, wireDay } from './bookings-fill';
import { megabytes, memoryOf, percentile, seconds, type BenchServer } from './support';

/** Resets the process's peak RSS (VmHWM) to its current RSS; false where the kernel does not allow it. */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** How often the gzip case samples the server's RSS: every 4 MB received. */
const GZIP_SAMPLE_BYTES = 4 << 20;
/** Rounds of the last case (the million as gzip, nothing to mark), each with its own COPY. */
const GZIP_ROUNDS = 3;

/** A GET through node:http, which leaves the body as it is sent (fetch would decode gzip). */
function get(url: string, headers: Record<string, string>): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, resolve).on('error', reject);
  });
}

function countLines(data: Buffer): number {
  let lines = 0;
  for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, i + 1)) lines += 1;
  return lines;
}

/**
 * `COPY (<the export's select of url's filter and order>) TO STDOUT` through pg, read to the end
 * (admin scope, as the bench's exports); resolves with its duration and rows.
 */
async function timeCopy(pool: pg.Pool, url: string): Promise<{ ms: number; rows: number }> {
  const query = exportQuerySchema.parse(Object.fromEntries(new URL(url, 'http://bench').searchParams));
  const select = new PgDialect().sqlToQuery(
    exportSelect(
      bookingWhere(query, { allCreditors: true }, await findSearchMatches(pool, query.searchQuery)),
      bookingOrderBy(query.sorting),
    ),
  );
  const client = await pool.connect();
  try {
    let rows = 0;
    const started = performance.now();
    const copy = client.query(copyTo(`copy (${inlineParameters(select.sql, select.params)}) to stdout`));
    const counter = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows += 1;
        callback();
      },
    });
    await pipeline(copy, counter);
    return { ms: performance.now() - started, rows };
  } finally {
    client.release();
  }
}

/**
 * Streams the CSV export of `url`, counting bytes and lines (of a gzip answer once it is complete);
 * prints time to first byte, total time, and the server's RSS before, every 10,000 rows (every 100,000
 * for larger files; every 4 MB received of a gzip answer) and after, with its
 * peak (VmHWM reset just before); then the export's time next to COPY's (`copy`, measured before the
 * export, which may mark the rows so that the filter no longer finds them).
 */
async function measureExport(
  server: BenchServer,
  token: string,
  title: string,
  url: string,
  copy: { ms: number; rows: number } | undefined,
  acceptEncoding: 'identity' | 'gzip',
): Promise<number> {
  const before = memoryOf(server.pid);
  const reset = resetPeakRss(server.pid);
  const started = performance.now();
  const res = await get(`${server.base}${url}`, {
    authorization: `Bearer ${token}`,
    'accept-encoding': acceptEncoding,
  });
  if (res.statusCode !== 200) {
    let text = '';
    for await (const chunk of res) text += String(chunk);
    throw new Error(`GET ${url} answered ${res.statusCode}: ${text.slice(0, 500)}`);
  }
  const gzip = res.headers['content-encoding'] === 'gzip';
  let firstByteMs: number | undefined;
  let bytes = 0;
  let lines = 0;
  const every = (copy?.rows ?? 0) > 200_000 ? 100_000 : 10_000;
  const progress: string[] = [];
  const sample = (at: string) =>
    progress.push(`${at} ${seconds(performance.now() - started)} ${megabytes(memoryOf(server.pid).rssKb)}`);
  // A gzip answer is kept as it comes and decoded once it is complete, as a browser on another
  // machine would: decoding it here while it streams took ~2 s of the two cores the server and
  // PostgreSQL share (docs/performance.md, "Bookings export").
  const compressed: Buffer[] = [];
  for await (const chunk of res as AsyncIterable<Buffer>) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.length;
    if (gzip) {
      compressed.push(chunk);
      const mb = Math.floor(bytes / GZIP_SAMPLE_BYTES);
      if (mb > Math.floor((bytes - chunk.length) / GZIP_SAMPLE_BYTES)) sample(`${mb * 4} MB`);
      continue;
    }
    // indexOf rather than a loop over every byte: the bench shares the machine's cores with the server.
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
      lines += 1;
      if ((lines - 1) % every === 0 && lines > 1) sample(`${(lines - 1) / 1000}k`);
    }
  }
  const totalMs = performance.now() - started;
  const after = memoryOf(server.pid);
  if (gzip) lines = countLines(zlib.gunzipSync(Buffer.concat(compressed)));
  const rows = lines - 1; // without the header
  console.log(`
${title}
  GET ${decodeURIComponent(url)}`);
  console.log(
    `  ${rows.toLocaleString('en')} rows + header, ${(bytes / 1024 / 1024).toFixed(1)} MB ` +
      `(${gzip ? 'sent gzip, decoded once complete' : 'sent uncompressed'}); ` +
      `first byte after ${seconds(firstByteMs ?? totalMs)}, complete after ${seconds(totalMs)} ` +
      `(${Math.round(rows / (totalMs / 1000)).toLocaleString('en')} rows/s overall, ` +
      `${Math.round(rows / ((totalMs - (firstByteMs ?? 0)) / 1000)).toLocaleString('en')} rows/s after the first byte)`,
  );
  console.log(`  ${gzip ? 'bytes' : 'rows'} received, elapsed, server RSS: ${progress.join(' | ')}`);
  console.log(
    `  server RSS before ${megabytes(before.rssKb)}, after ${megabytes(after.rssKb)}; ` +
      (reset
        ? `peak during the export ${megabytes(after.peakKb)} (VmHWM, reset before; peak since start before: ${megabytes(before.peakKb)})`
        : `peak (VmHWM) before ${megabytes(before.peakKb)}, after ${megabytes(after.peakKb)}`),
  );
  if (copy)
    console.log(
      `  COPY (the export's select) TO STDOUT: ${copy.rows.toLocaleString('en')} rows in ${seconds(copy.ms)}; ` +
        `export / COPY ${(totalMs / copy.ms).toFixed(2)}×`,
    );
  else console.log('  COPY: not measured (no database connection given)');
  return totalMs;
}

/**
 * Exports of ~100,000 bookings (110 days of invoice dates): first already exported ones (nothing to
 * mark: the streaming alone), then not yet exported ones, which the export marks; then all 1,000,000
 * in the list's default order, which marks every booking still open (on a fresh database the half
 * the fill left open, less the second case's; none when run again on a kept database), so it comes
 * last but one; last the same million again (none to mark), once the database has settled after the
 * marking, sent gzip-compressed as to a browser and decoded here, GZIP_ROUNDS times, each after a COPY
 * of its own, and their medians compared. `pool` (the bench database) times COPY of the same rows;
 * without it that column is left out.
 */
export async function measureExports(server: BenchServer, token: string, pool?: pg.Pool): Promise<void> {
  // A database kept for repeated runs (BENCH_DATABASE_URL) can be reached without the caller's pool.
  const kept = !pool && process.env.BENCH_DATABASE_URL;
  const database = pool ?? (kept ? new pg.Pool({ connectionString: kept, max: 1 }) : undefined);
  const exportUrl = (filter: Record<string, string | boolean>, from?: string) => {
    const query = new URLSearchParams({ format: 'csv', sorting: DEFAULT_SORTING });
    for (const [name, value] of Object.entries(filter)) query.set(name, String(value));
    if (from) {
      query.set('invoiceDateFrom', wireDay(from));
      query.set('invoiceDateUntil', wireDay(addDays(from, 109)));
    }
    return `/api/transactions/export?${query}`;
  };
  // As CSV, like COPY's output; the last case as browsers receive it (decision 0024).
  const measure = async (title: string, url: string, acceptEncoding: 'identity' | 'gzip' = 'identity') =>
    measureExport(
      server,
      token,
      title,
      url,
      database ? await timeCopy(database, url) : undefined,
      acceptEncoding,
    );
  try {
    await measure(
      'export of ~100,000 already exported bookings (read and stream only)',
      exportUrl({ exportedOnly: true }, addDays(FIRST_DAY, 200)),
    );
    await measure(
      'export of ~100,000 not yet exported bookings (marks them exported while it streams)',
      exportUrl({ notExportedOnly: true }, addDays(FIRST_DAY, EXPORTED_DAYS + 60)),
    );
    const open = database
      ? (
          await database.query<{ n: number }>(
            'select count(*)::int as n from transactions where export_date is null',
          )
        ).rows[0]!.n
      : undefined;
    await measure(
      `export of all ${BOOKINGS.toLocaleString('en')} bookings, default order (marks the ${
        open === undefined ? 'still open ones' : `${open.toLocaleString('en')} still open`
      })`,
      exportUrl({}),
    );
    // The marking of up to 500,000 rows leaves PostgreSQL vacuuming the table and writing its pages
    // back for a while; measured beside that, this case and its COPY took 2–4 times as long on
    // Debian's PostgreSQL 15 (docs/performance.md, "Bookings export"). It measures the streaming.
    if (database) {
      const started = performance.now();
      await database.query('vacuum analyze transactions');
      // CHECKPOINT needs a superuser or pg_checkpoint (an external server's role may have neither).
      await database.query('checkpoint').catch(() => console.log('(no checkpoint: the role may not)'));
      console.log(
        `\nsettled after the marking (vacuum analyze, checkpoint) in ${seconds(performance.now() - started)}`,
      );
    }
    // The issue's "within 2× of COPY" is read here, so COPY and the export alternate: on this shared
    // machine one COPY of the million took anything from 2.1 to 5.6 s within a day.
    const rounds: { exportMs: number; copyMs: number }[] = [];
    for (let round = 1; round <= GZIP_ROUNDS; round += 1) {
      const copy = database ? await timeCopy(database, exportUrl({})) : undefined;
      const exportMs = await measureExport(
        server,
        token,
        `export of all ${BOOKINGS.toLocaleString('en')} bookings again, as a browser receives it (gzip), round ${round} of ${GZIP_ROUNDS}`,
        exportUrl({}),
        copy,
        'gzip',
      );
      if (copy) rounds.push({ exportMs, copyMs: copy.ms });
    }
    if (rounds.length > 0) {
      const exportMs = percentile(
        rounds.map((r) => r.exportMs),
        50,
      );
      const copyMs = percentile(
        rounds.map((r) => r.copyMs),
        50,
      );
      console.log(
        `\n  the million as gzip, median of ${rounds.length} rounds (each COPY just before its export): ` +
          `export ${seconds(exportMs)}, COPY ${seconds(copyMs)}, export / COPY ${(exportMs / copyMs).toFixed(2)}× ` +
          `(rounds: ${rounds.map((r) => `${(r.exportMs / r.copyMs).toFixed(2)}×`).join(', ')})`,
      );
    }
  } finally {
    if (kept) await database?.end();
  }
}
