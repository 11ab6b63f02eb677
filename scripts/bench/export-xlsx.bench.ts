// The xlsx bookings export (decisions.md section 14) at a million rows, over HTTP against the production
// server: the targets of issue 55 are the server's RSS under 250 MB while the million streams, and the
// first byte under 1 s while the export marks 100,000 bookings. Fills an embedded PostgreSQL with
// BENCH_XLSX_ROWS bookings (default 1,000,000; use e.g. 20000 while developing, the machine's cores are
// shared), of which the newest tenth (at most 100,000) are not yet exported; then
//   1. exports those as xlsx (notExportedOnly: the export marks every one while it streams),
//   2. exports all of them as xlsx (nothing left to mark: the streaming of the whole table),
// each with time to first byte, total time, bytes, and the server's RSS sampled every 4 MB and at its
// peak (VmHWM, reset before). A file of at most 100,000 rows is read back and its rows counted.
// `npm run bench export-xlsx`; figures in docs/performance.md ("Bookings export as xlsx").
import http from 'node:http';
import { readXlsxRows } from '../../server/src/modules/upload/xlsx-reader';
import { ZIP_LIMITS } from '../../server/src/modules/upload/zip-guard';
import { resetPeakRss } from './bookings-list-exports';
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
  seconds,
  withBenchDatabase,
  withServer,
  type BenchServer,
} from './support';

const ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 1_000_000);
const TO_MARK = Math.min(100_000, Math.floor(ROWS / 10));
const TARGET_RSS_MB = 250;
const TARGET_FIRST_BYTE_MS = 1_000;
const SAMPLE_BYTES = 4 << 20;
const READ_BACK_MAX_ROWS = 100_000;

/**
 * Varied bookings as in real use (codes that a spreadsheet would turn into numbers among them:
 * '0815', '4711E3'); the rows g ≤ TO_MARK (the newest) are not yet exported.
 */
const fill = (rows: number, toMark: number) => `
  insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
    article_number, additional_information, creditor_number, export_date, creation_date,
    creation_user_email_address)
  select date '2026-06-30' - (g % 900),
    case g % 4 when 0 then lpad((g % 10000)::text, 4, '0') when 1 then (g % 9000)::text || 'E3'
      else 'RE-' || (2024 + g % 3) || '-' || lpad(g::text, 7, '0') end,
    round((case when random() < 0.03 then -1 else 1 end * exp(random() * ln(50000)))::numeric, 2),
    ${FIRST_DEBITOR} + floor(random() * ${MASTER_DATA.debitors})::int,
    (array['Rathaus','Grundschule','Kita','Bauhof','Feuerwehr','Sporthalle'])[1 + g % 6] || ' '
      || (array['Nord','Süd','Mitte','Altstadt','Höchst'])[1 + (g / 7) % 5],
    ${FIRST_ARTICLE} + floor(power(random(), 2) * ${MASTER_DATA.articles})::int,
    case when random() < 0.3 then 'Bestellung ' || (10000 + floor(random() * 90000)::int) end,
    ${FIRST_CREDITOR} + floor(power(random(), 1.5) * ${MASTER_DATA.creditors})::int,
    case when g > ${toMark} then timestamptz '2026-07-05 09:00+02' end,
    timestamptz '2026-07-01 08:00+02' - g * interval '60 seconds',
    'einkauf@lieferant-' || (1 + g % ${MASTER_DATA.creditors}) || '.example'
  from generate_series(1, ${rows}) g`;

function get(url: string, token: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { authorization: `Bearer ${token}` } }, resolve).on('error', reject);
  });
}

interface Measured {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  peakMb: number;
  /** The file, kept only when it is small enough to read back. */
  file?: Buffer;
}

async function measure(server: BenchServer, token: string, title: string, path: string, keep: boolean) {
  const before = memoryOf(server.pid);
  const reset = resetPeakRss(server.pid);
  const started = performance.now();
  const res = await get(`${server.base}${path}`, token);
  if (res.statusCode !== 200) {
    let text = '';
    for await (const chunk of res) text += String(chunk);
    throw new Error(`GET ${path} answered ${res.statusCode}: ${text.slice(0, 500)}`);
  }
  let firstByteMs: number | undefined;
  let bytes = 0;
  const samples: string[] = [];
  const chunks: Buffer[] = [];
  for await (const chunk of res as AsyncIterable<Buffer>) {
    firstByteMs ??= performance.now() - started;
    if (Math.floor((bytes + chunk.length) / SAMPLE_BYTES) > Math.floor(bytes / SAMPLE_BYTES))
      samples.push(
        `${Math.floor((bytes + chunk.length) / SAMPLE_BYTES) * 4} MB ${seconds(performance.now() - started)} ` +
          megabytes(memoryOf(server.pid).rssKb),
      );
    bytes += chunk.length;
    if (keep) chunks.push(chunk);
  }
  const totalMs = performance.now() - started;
  const after = memoryOf(server.pid);
  const peakKb = reset ? after.peakKb : Math.max(before.peakKb, after.peakKb);
  console.log(`\n${title}\n  GET ${decodeURIComponent(path)}`);
  console.log(
    `  ${(bytes / 1024 / 1024).toFixed(1)} MB; first byte after ${seconds(firstByteMs ?? totalMs)}, ` +
      `complete after ${seconds(totalMs)}`,
  );
  if (samples.length > 0) console.log(`  received, elapsed, server RSS: ${samples.join(' | ')}`);
  console.log(
    `  server RSS before ${megabytes(before.rssKb)}, after ${megabytes(after.rssKb)}, peak ${megabytes(peakKb)}` +
      (reset ? ' (VmHWM, reset before)' : ' (VmHWM since start: the kernel refused the reset)'),
  );
  const measured: Measured = {
    firstByteMs: firstByteMs ?? totalMs,
    totalMs,
    bytes,
    peakMb: peakKb / 1024,
  };
  if (keep) measured.file = Buffer.concat(chunks);
  return measured;
}

/** The data rows of an exported workbook, read with the upload's own reader (the round trip). */
async function countRows(file: Buffer): Promise<number> {
  let rows = 0;
  const limits = { ...ZIP_LIMITS, maxCells: Number.MAX_SAFE_INTEGER, maxCompressionRatio: 1_000 };
  await readXlsxRows(file, { accept: () => void (rows += 1) }, limits);
  return rows - 1; // the header
}

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

async function run(): Promise<void> {
  await withBenchDatabase('lp-bench-export-xlsx-', async ({ url, pool }) => {
    let started = performance.now();
    await pool.query('select setseed(0.55)');
    await pool.query(fill(ROWS, TO_MARK));
    await pool.query('vacuum analyze transactions');
    console.log(
      `filled ${ROWS.toLocaleString('en')} bookings (${TO_MARK.toLocaleString('en')} not yet exported) ` +
        `in ${seconds(performance.now() - started)}`,
    );
    started = performance.now();
    await buildServer();
    console.log(`built the server in ${seconds(performance.now() - started)}`);
    await withServer(url, async (server) => {
      const idle = memoryOf(server.pid);
      const token = await login(server.base, ADMIN_EMAIL, ADMIN_PASSWORD);
      // What the process holds before any export: the targets' 250 MB are the whole process's.
      console.log(
        `server RSS once started ${megabytes(idle.rssKb)}, after the login ${megabytes(memoryOf(server.pid).rssKb)}`,
      );
      const marking = await measure(
        server,
        token,
        `xlsx export of the ${TO_MARK.toLocaleString('en')} not yet exported bookings (marks them while it streams)`,
        '/api/transactions/export?format=xlsx&notExportedOnly=true',
        TO_MARK <= READ_BACK_MAX_ROWS,
      );
      const { rows } = await pool.query<{ open: number }>(
        'select count(*)::int as open from transactions where export_date is null',
      );
      console.log(`  bookings still not exported afterwards: ${rows[0]!.open.toLocaleString('en')}`);
      if (rows[0]!.open !== 0) throw new Error('the xlsx export did not mark every booking it delivered');
      if (marking.file) {
        const read = await countRows(marking.file);
        console.log(`  read back with the upload's xlsx reader: ${read.toLocaleString('en')} rows`);
        if (read !== TO_MARK) throw new Error(`the file holds ${read} rows, not ${TO_MARK}`);
      }
      const all = await measure(
        server,
        token,
        `xlsx export of all ${ROWS.toLocaleString('en')} bookings (none left to mark)`,
        '/api/transactions/export?format=xlsx',
        ROWS <= READ_BACK_MAX_ROWS,
      );
      if (all.file) {
        const read = await countRows(all.file);
        console.log(`  read back with the upload's xlsx reader: ${read.toLocaleString('en')} rows`);
        if (read !== ROWS) throw new Error(`the file holds ${read} rows, not ${ROWS}`);
      }
      const peak = Math.max(marking.peakMb, all.peakMb);
      console.log(
        `\ntargets (issue 55): first byte while marking ${seconds(marking.firstByteMs)} ` +
          `(< ${seconds(TARGET_FIRST_BYTE_MS)}: ${verdict(marking.firstByteMs < TARGET_FIRST_BYTE_MS)}); ` +
          `server RSS peak ${peak.toFixed(0)} MB (< ${TARGET_RSS_MB} MB: ${verdict(peak < TARGET_RSS_MB)})` +
          (ROWS < 1_000_000 ? ` — at ${ROWS.toLocaleString('en')} rows, not the target's million` : ''),
      );
      console.log(
        `  rows/s: marking ${Math.round(TO_MARK / (marking.totalMs / 1000)).toLocaleString('en')}, ` +
          `all ${Math.round(ROWS / (all.totalMs / 1000)).toLocaleString('en')}; ` +
          `bytes per row ${(all.bytes / ROWS).toFixed(1)}`,
      );
    });
  });
}

export default { name: 'export-xlsx', run };
