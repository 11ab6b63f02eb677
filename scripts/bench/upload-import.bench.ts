// Imports a 100,000-row bookings CSV end to end (multipart HTTP request to the production server →
// parse → validation with the duplicate check → insert) into an embedded PostgreSQL, and compares it with
// PostgreSQL's own COPY of the same rows into the same table. Prints rows/s, peak RSS and the ratio.
// Then sends the memory attack of issue 9 (a 12 MB xlsx with 5.8 million shared strings) to a fresh
// server and prints its peak RSS: the bound the shared-strings and cell limits keep.
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { UPLOAD_MAX_ROWS, XLSX_MAX_SHARED_STRINGS } from '@lp/domain/limits';
import { formatAmount } from '@lp/domain/numbers';
import type { Connection } from '../../server/src/db/connection';
import { minimalXlsxParts, sheetXml, zipArchive } from '../../server/src/modules/upload/upload-test-support';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildServer,
  excelCsv,
  MASTER_DATA,
  megabytes,
  memoryOf,
  login,
  postUpload,
  seconds,
  withBenchDatabase,
  withServer,
} from './support';

const ROWS = UPLOAD_MAX_ROWS;
const { creditors: CREDITORS, debitors: DEBITORS, articles: ARTICLES } = MASTER_DATA;

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

/** The file as Excel writes it: German dates and amounts (support.ts excelCsv). */
function benchFile(rows: BenchRow[]): Buffer {
  return excelCsv(
    rows.map((r) => {
      const [y, m, d] = r.day.split('-');
      return `${d}.${m}.${y};${r.invoiceNumber};${r.debitor};${r.location};${r.article};${formatAmount(r.cents / 100)};${r.info};${r.creditor}`;
    }),
  );
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

const perSecond = (ms: number) => `${Math.round(ROWS / (ms / 1000)).toLocaleString('en')} rows/s`;

interface ServerRun {
  importMs: number;
  stored: number;
  rssBeforeKb: number;
  peakRssKb: number;
}

/**
 * The production server (the esbuild bundle `npm start` runs) in its own process on the benchmark's
 * database; the file goes through a real multipart HTTP request, so the peak RSS is the server's alone.
 */
async function importThroughServer(databaseUrl: string, file: Buffer): Promise<ServerRun> {
  await buildServer();
  return withServer(databaseUrl, async ({ base, pid }) => {
    const token = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    const rssBeforeKb = memoryOf(pid).peakKb;
    const started = performance.now();
    const { status, answer } = await postUpload<{ count?: number }>(base, token, file, {
      fileName: 'Buchungen.csv',
      checkForDuplicates: true,
    });
    const importMs = performance.now() - started;
    if (answer.count !== ROWS)
      throw new Error(`import answered ${status} ${JSON.stringify(answer).slice(0, 500)}`);
    return { importMs, stored: answer.count, rssBeforeKb, peakRssKb: memoryOf(pid).peakKb };
  });
}

/** Shared strings of the attack file (issue 9: 5.8 million in 12 MB). */
const ATTACK_SHARED_STRINGS = 5_800_000;

/** The attack: a valid workbook whose shared-strings table (no declared count) holds millions of entries. */
function sharedStringsAttack(): Buffer {
  // One random letter each: 17 bytes of XML per string keep the part under the zip guard's 100 MB,
  // and random letters keep the compression ratio ordinary.
  const next = random(9);
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const strings: string[] = [];
  for (let i = 0; i < ATTACK_SHARED_STRINGS; i++) {
    strings.push(`<si><t>${letters[Math.floor(next() * letters.length)]}</t></si>`);
  }
  return zipArchive([
    ...minimalXlsxParts(sheetXml([['Rechnungsdatum']])),
    { name: 'xl/sharedStrings.xml', data: Buffer.from(`<sst>${strings.join('')}</sst>`) },
  ]);
}

/** The attack file through a fresh production server; its answer and the server's peak RSS. */
async function attackThroughServer(databaseUrl: string, file: Buffer) {
  return withServer(databaseUrl, async ({ base, pid }) => {
    const token = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    const rssBeforeKb = memoryOf(pid).peakKb;
    const started = performance.now();
    const { answer } = await postUpload<{ errors?: { message: string }[] }>(base, token, file, {
      fileName: 'Angriff.xlsx',
      checkForDuplicates: false,
    });
    return {
      ms: performance.now() - started,
      message: answer.errors?.[0]?.message ?? JSON.stringify(answer).slice(0, 200),
      rssBeforeKb,
      peakRssKb: memoryOf(pid).peakKb,
    };
  });
}

/** The same import again in this process, phase by phase, to show where the time goes. */
async function importPhases(connection: Connection, file: Buffer) {
  const { readBookings } = await import('../../server/src/modules/upload/upload.service');
  const { validateBookings, toNewBookingRow } =
    await import('../../server/src/modules/bookings/bookings.validation');
  const { insertBookings } = await import('../../server/src/modules/bookings/bookings.repository');
  const user = {
    id: 0,
    emailAddress: ADMIN_EMAIL,
    isAdmin: true,
    isActive: true,
    creditorNumber: null,
    tokenVersion: 1,
    secondFactor: false,
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
  await withBenchDatabase('lp-bench-upload-', async ({ dir, url, connection }) => {
    const rows = generateRows();
    const file = benchFile(rows);
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

    const result = await importThroughServer(url, file);
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

    const attack = sharedStringsAttack();
    const refused = await attackThroughServer(url, attack);
    console.log(
      `memory attack: xlsx of ${(attack.length / 1024 / 1024).toFixed(1)} MB with ` +
        `${ATTACK_SHARED_STRINGS.toLocaleString('en')} shared strings (limit ${XLSX_MAX_SHARED_STRINGS.toLocaleString('en')}): ` +
        `answered in ${seconds(refused.ms)}: "${refused.message}"`,
    );
    console.log(
      `memory bound: server peak RSS ${megabytes(refused.peakRssKb)} with the attack ` +
        `(after start-up and login: ${megabytes(refused.rssBeforeKb)}; aim: under 300 MB)`,
    );
  });
}

export default { name: 'upload-import', run };
