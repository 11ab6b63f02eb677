// Imports a 100,000-row bookings CSV end to end (multipart HTTP request to the production server →
// parse → validation with the duplicate check → insert) into an embedded PostgreSQL, and compares it with
// PostgreSQL's own COPY of the same rows into the same table. Prints rows/s, peak RSS and the ratio.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import type pg from 'pg';
import { UPLOAD_MAX_ROWS } from '@lp/domain/constants';
import { formatAmount } from '@lp/domain/numbers';
import { connect } from '../../server/src/db/connection';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';
import { runMigrations } from '../../server/src/db/migrate';
import { seedSystemRecords } from '../../server/src/db/seed-system-records';

const ROWS = UPLOAD_MAX_ROWS;
const ADMIN_EMAIL = 'bench@localhost';
const ADMIN_PASSWORD = 'Bench-Passwort-123';
const CREDITORS = 50;
const DEBITORS = 2_000;
const ARTICLES = 300;

interface BenchRow {
  day: string;
  invoiceNumber: string;
  debitor: number;
  location: string;
  article: number;
  cents: number;
  info: string;
  creditor: number;
}

/** Deterministic pseudo-random numbers, so every run imports the same file. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateRows(): BenchRow[] {
  const next = random(2026);
  const pick = (n: number) => 1 + Math.floor(next() * n);
  const places = ['Rathaus', 'Grundschule Süd', 'Bauhof', 'Kläranlage', 'Feuerwehr Straße 12', 'Bürgerbüro'];
  return Array.from({ length: ROWS }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 600) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return {
      day,
      invoiceNumber: `RE-${2024 + (i % 2)}-${String(i).padStart(6, '0')}`,
      debitor: 10_000 + pick(DEBITORS),
      location: `${places[i % places.length]} ${pick(99)}`,
      article: 1_000 + pick(ARTICLES),
      cents: (next() < 0.03 ? -1 : 1) * pick(5_000_000),
      info: next() < 0.3 ? `Bestellung ${pick(9999)}` : '',
      creditor: 70_000 + pick(CREDITORS),
    };
  });
}

/** The file as Excel writes it: ';', CRLF, Windows-1252, German dates and amounts. */
function excelCsv(rows: BenchRow[]): Buffer {
  const header =
    'Rechnungsdatum;Rechnungsnummer;Debitornummer;Lieferort;Artikelnummer;Nettobetrag;Zusatzinformation;Kreditornummer';
  const lines = rows.map((r) => {
    const [y, m, d] = r.day.split('-');
    return `${d}.${m}.${y};${r.invoiceNumber};${r.debitor};${r.location};${r.article};${formatAmount(r.cents / 100)};${r.info};${r.creditor}`;
  });
  return iconv.encode([header, ...lines].join('\r\n') + '\r\n', 'windows-1252');
}

/** The same rows in PostgreSQL's own CSV form, for COPY. */
function copyCsv(rows: BenchRow[]): string {
  return rows
    .map(
      (r) =>
        `${r.day},${r.invoiceNumber},${(r.cents / 100).toFixed(2)},${r.debitor},${r.location},${r.article},${r.info},${r.creditor},${ADMIN_EMAIL}\n`,
    )
    .join('');
}

const megabytes = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const perSecond = (ms: number) => `${Math.round(ROWS / (ms / 1000)).toLocaleString('en')} rows/s`;

interface ServerRun {
  importMs: number;
  stored: number;
  rssBeforeKb: number;
  peakRssKb: number;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** VmHWM (peak resident set) and VmRSS of a process, in kB, from /proc. */
function memoryOf(pid: number): { peakKb: number; rssKb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakKb: field('VmHWM'), rssKb: field('VmRSS') };
}

/** The Node flags of `npm start` (the root package.json), so the bench runs the server exactly so. */
function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--') && word.includes('='));
}

/**
 * The production server (the esbuild bundle `npm start` runs) in its own process on the benchmark's
 * database; the file goes through a real multipart HTTP request, so the peak RSS is the server's alone.
 */
async function importThroughServer(databaseUrl: string, file: Buffer): Promise<ServerRun> {
  const bundle = path.join(ROOT, 'server', 'dist', 'main.mjs');
  await new Promise<void>((resolve, reject) => {
    const build = spawn('npm', ['run', 'build', '--workspace', 'server'], { cwd: ROOT, stdio: 'ignore' });
    build.on('close', (code) => (code === 0 ? resolve() : reject(new Error('server build failed'))));
  });
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'info' };
  const server = spawn(process.execPath, [...startFlags(), bundle], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
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
    const base = `http://localhost:${port}`;
    const login = await fetch(`${base}/api/getsecuretoken`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', username: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const rssBeforeKb = memoryOf(server.pid!).peakKb;
    const form = new FormData();
    form.append('uploads[]', new Blob([file], { type: 'text/csv' }), 'Buchungen.csv');
    const started = performance.now();
    const res = await fetch(`${base}/api/upload?checkForDuplicates=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const answer = (await res.json()) as { count?: number };
    const importMs = performance.now() - started;
    if (answer.count !== ROWS)
      throw new Error(`import answered ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
    return { importMs, stored: answer.count, rssBeforeKb, peakRssKb: memoryOf(server.pid!).peakKb };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('close', resolve));
  }
}

/** The same import again in this process, phase by phase, to show where the time goes. */
async function importPhases(connection: ReturnType<typeof connect>, file: Buffer) {
  const { readBookings } = await import('../../server/src/modules/upload/upload.service');
  const { validateBookings, toNewBookingRow } =
    await import('../../server/src/modules/transactions/booking-validation');
  const { insertBookings } = await import('../../server/src/modules/transactions/booking.repository');
  const user = {
    id: 0,
    emailAddress: ADMIN_EMAIL,
    isAdmin: true,
    isActive: true,
    creditorNumber: null,
    tokenVersion: 1,
  };
  let t = performance.now();
  const { candidates, rowNumbers } = await readBookings(file, user);
  const readMs = performance.now() - t;
  let validateMs = 0;
  let insertMs = 0;
  await connection.db.transaction(async (tx) => {
    t = performance.now();
    await validateBookings(tx, candidates, { checkForDuplicates: true, user, rowNumbers });
    validateMs = performance.now() - t;
    t = performance.now();
    await insertBookings(
      tx,
      candidates.map((c) => toNewBookingRow(c, user)),
    );
    insertMs = performance.now() - t;
  });
  return { readMs, validateMs, insertMs };
}

/** PostgreSQL's own bulk load of the same rows (server-side file, one transaction); returns ms. */
async function copyRows(pool: pg.Pool, copyFile: string): Promise<number> {
  const client = await pool.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    await client.query(
      `copy transactions (invoice_date, invoice_number, net, debitor_number, delivery_location, article_number,
        additional_information, creditor_number, creation_user_email_address) from '${copyFile}' with (format csv)`,
    );
    await client.query('commit');
    return performance.now() - started;
  } finally {
    client.release();
  }
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-upload-'));
  fs.chmodSync(dir, 0o755); // the postgres system user reads the COPY file from here
  const quiet = { info: () => undefined, warn: console.warn, debug: () => undefined };
  const embedded = await startEmbeddedPostgres(path.join(dir, 'data'), quiet);
  const connection = connect(embedded.url);
  try {
    await runMigrations(connection.db);
    await seedSystemRecords(connection.db, {
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      log: quiet,
    });
    await connection.pool.query(`
      insert into creditors (number, name) select 70000 + g, 'Lieferant ' || g || ' GmbH' from generate_series(1, ${CREDITORS}) g;
      insert into debitors (number, name, street, zip_code, city)
        select 10000 + g, 'Gemeinde ' || g, 'Rathausplatz ' || g, '60311', 'Frankfurt am Main' from generate_series(1, ${DEBITORS}) g;
      insert into articles (number, name) select 1000 + g, 'Artikel ' || g from generate_series(1, ${ARTICLES}) g;`);

    const rows = generateRows();
    const file = excelCsv(rows);
    const uploadFile = path.join(dir, 'Buchungen.csv');
    const copyFile = path.join(dir, 'copy.csv');
    fs.writeFileSync(uploadFile, file);
    fs.writeFileSync(copyFile, copyCsv(rows), { mode: 0o644 });
    console.log(
      `file: ${ROWS.toLocaleString('en')} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB (Excel CSV: Windows-1252, ';')`,
    );

    // Warm-up: the first bulk write also creates PostgreSQL's WAL segment files; both measured runs
    // below find them in place.
    await copyRows(connection.pool, copyFile);
    await connection.pool.query('truncate transactions');

    const result = await importThroughServer(embedded.url, file);
    console.log(
      `import through POST /api/upload of the production server (parse, validate with duplicate check, ` +
        `insert; one transaction): ${seconds(result.importMs)}, ${perSecond(result.importMs)}`,
    );
    console.log(
      `server process peak RSS: ${megabytes(result.peakRssKb)} (after start-up and login: ${megabytes(result.rssBeforeKb)})`,
    );
    await connection.pool.query('truncate transactions');
    const { readMs, validateMs, insertMs } = await importPhases(connection, file);
    console.log(
      `  phases (in-process rerun): read ${seconds(readMs)}, validate ${seconds(validateMs)}, insert ${seconds(insertMs)}`,
    );

    // The same rows by COPY into the same, emptied table with the same indexes, in one transaction.
    await connection.pool.query('truncate transactions');
    const copyMs = await copyRows(connection.pool, copyFile);
    const { rows: counted } = await connection.pool.query<{ n: number }>(
      'select count(*)::int as n from transactions',
    );
    console.log(
      `PostgreSQL COPY of the same ${counted[0]!.n.toLocaleString('en')} rows: ${seconds(copyMs)}, ${perSecond(copyMs)}`,
    );
    console.log(
      `ratio import / COPY: ${(result.importMs / copyMs).toFixed(2)}× (aim: within 3×); peak RSS aim: under 300 MB`,
    );
  } finally {
    await connection.close();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default { name: 'upload-import', run };
