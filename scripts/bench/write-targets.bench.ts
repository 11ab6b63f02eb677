// Issue 58, item 4: the three writes an admin or a supplier waits for, through the API of the production
// server on the bench fill (a million bookings; BENCH_BOOKINGS=10000000 for ten million, item 3):
// - uploads of 100,000 new bookings (an Excel CSV through POST /api/upload, with the duplicate check, as
//   the upload form sends it the first time), timed to the answer; target under 10 s each;
// - marking exports of one month (the not yet exported bookings of a month's invoice dates, CSV; at ten
//   million the month's first days that hold a million's month), timed to the last byte, which comes
//   after the marking commits; target under 5 s;
// - renames of the largest creditor (PUT /api/creditors/:number, which rewrites the name copied onto its
//   bookings), there and back; target under 2 s.
// Each write is timed alone: the server's vacuum after a large write (decision 0039) is waited for
// before the next one starts, as an admin's next write comes minutes later.
import pg from 'pg';
import { UPLOAD_MAX_ROWS } from '@lp/domain/limits';
import { addDays, BOOKINGS, EXPORTED_DAYS, FIRST_DAY, fill, wireDay } from './bookings-fill';
import { httpRequest } from './http-client';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildServer,
  excelCsv,
  login,
  postUpload,
  seconds,
  withBenchDatabase,
  withServer,
} from './support';

const UPLOADS = 3;
const EXPORTS = 3;
const RENAMES = 2;

/**
 * 100,000 bookings as an Excel CSV: the fill's rows from `firstId` on with new invoice numbers (so that
 * the duplicate check finds nothing) and invoice dates in the not yet exported half.
 */
async function uploadFile(pool: pg.Pool, firstId: number, round: number): Promise<Buffer> {
  const { rows } = await pool.query<{ line: string }>(
    `select concat_ws(';', to_char(greatest(invoice_date, date '${FIRST_DAY}' + ${EXPORTED_DAYS}), 'DD.MM.YYYY'),
        'U${round}-' || id, debitor_number, delivery_location, article_number, replace(net::text, '.', ','),
        coalesce(additional_information, ''), creditor_number) as line
       from transactions where id >= $1 order by id limit ${UPLOAD_MAX_ROWS}`,
    [firstId],
  );
  return excelCsv(rows.map((r) => r.line));
}

/** Waits until PostgreSQL is not vacuuming the bookings (the server's vacuum after a large write). */
async function settled(pool: pg.Pool): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where query ilike 'vacuum%transactions%' and pid <> pg_backend_pid()`,
    );
    if (rows[0]!.n === 0) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function measureUploads(base: string, token: string, pool: pg.Pool): Promise<void> {
  for (let round = 1; round <= UPLOADS; round += 1) {
    const file = await uploadFile(pool, 1 + (round - 1) * UPLOAD_MAX_ROWS, round);
    const started = performance.now();
    const { status, answer } = await postUpload<{ count?: number }>(base, token, file, {
      fileName: `Neue-Buchungen-${round}.csv`,
      checkForDuplicates: true,
    });
    const ms = performance.now() - started;
    if (status !== 200 || answer.count !== UPLOAD_MAX_ROWS)
      throw new Error(`upload ${round} answered ${status} ${JSON.stringify(answer).slice(0, 500)}`);
    const vacuumMs = await settled(pool);
    console.log(
      `upload ${round} of ${UPLOAD_MAX_ROWS.toLocaleString('en')} rows (${(file.length / 1024 / 1024).toFixed(1)} MB CSV): ` +
        `${seconds(ms)} (${Math.round(UPLOAD_MAX_ROWS / (ms / 1000)).toLocaleString('en')} rows/s); ` +
        `the server's vacuum after it ${seconds(vacuumMs)} more`,
    );
  }
}

/** The open months of the fill, oldest first: each a month's marking export. */
function openMonths(): { from: string; until: string }[] {
  const months: { from: string; until: string }[] = [];
  const first = new Date(`${addDays(FIRST_DAY, EXPORTED_DAYS + 31)}T00:00:00Z`);
  for (let i = 0; i < EXPORTS; i += 1) {
    const start = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
    months.push({ from: start.toISOString().slice(0, 10), until: end.toISOString().slice(0, 10) });
  }
  return months;
}

/** A month at the million's size: at ten million, a month holds ten times as many bookings. */
const MONTH_AT_A_MILLION = 28_000;

/**
 * The invoice dates a marking export asks for: the month, or where the month holds more than
 * 1.5 × MONTH_AT_A_MILLION open bookings, its first days that hold about that many (so that the
 * figures compare with the million's month).
 */
async function exportRange(pool: pg.Pool, month: { from: string; until: string }) {
  const { rows } = await pool.query<{ day: string; n: number }>(
    `select invoice_date::text as day, count(*)::int as n from transactions
      where export_date is null and invoice_date between $1 and $2 group by 1 order by 1`,
    [month.from, month.until],
  );
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  if (total <= 1.5 * MONTH_AT_A_MILLION) return { ...month, count: total, part: false };
  let count = 0;
  for (const { day, n } of rows) {
    count += n;
    if (count >= MONTH_AT_A_MILLION) return { from: month.from, until: day, count, part: true };
  }
  return { ...month, count, part: false };
}

async function measureExports(base: string, token: string, pool: pg.Pool): Promise<void> {
  for (const month of openMonths()) {
    const { from, until, count, part } = await exportRange(pool, month);
    const query = new URLSearchParams({
      format: 'csv',
      notExportedOnly: 'true',
      invoiceDateFrom: wireDay(from),
      invoiceDateUntil: wireDay(until),
    });
    const started = performance.now();
    const { status, text } = await httpRequest(`${base}/api/transactions/export?${query}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
    const ms = performance.now() - started;
    const lines = text.split('\n').filter((line) => line.trim() !== '').length - 1;
    if (status !== 200 || lines !== count)
      throw new Error(`export ${from} answered ${status} with ${lines} rows, expected ${count}`);
    const vacuumMs = await settled(pool);
    const what = part ? `${from} … ${until} (a month's size at a million)` : from.slice(0, 7);
    console.log(
      `marking export of ${what}: ${lines.toLocaleString('en')} bookings marked and sent in ${seconds(ms)}; ` +
        `the server's vacuum after it ${seconds(vacuumMs)} more`,
    );
  }
}

async function measureRenames(base: string, token: string, pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ number: number; n: number }>(
    `select creditor_number as number, count(*)::int as n from transactions
      group by 1 order by 2 desc limit 1`,
  );
  const { number, n } = rows[0]!;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const read = await httpRequest(`${base}/api/creditors/${number}`, { headers });
  const record = JSON.parse(read.text) as Record<string, unknown>;
  const original = String(record.name);
  for (let i = 0; i < RENAMES; i += 1) {
    const name = i % 2 === 0 ? `${original} (umbenannt)` : original;
    const started = performance.now();
    const { status, text } = await httpRequest(`${base}/api/creditors/${number}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...record, name }),
    });
    const ms = performance.now() - started;
    if (status !== 200) throw new Error(`rename answered ${status}: ${text.slice(0, 300)}`);
    const vacuumMs = await settled(pool);
    console.log(
      `rename of creditor ${number} (${n.toLocaleString('en')} bookings) to "${name}": ${seconds(ms)}; ` +
        `the server's vacuum after it ${seconds(vacuumMs)} more`,
    );
  }
}

async function measure(url: string, pool: pg.Pool): Promise<void> {
  await buildServer();
  await withServer(url, async ({ base }) => {
    const token = await login(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    await measureUploads(base, token, pool);
    await measureExports(base, token, pool);
    await measureRenames(base, token, pool);
  });
}

/**
 * A fresh database with the bench fill; or, with `BENCH_DATABASE_URL`, a database filled by an earlier
 * run (e.g. the ten-million fill, kept to run the list's sections on it first: these writes change it).
 */
async function run(): Promise<void> {
  const targets = `targets: upload of 100,000 < 10 s, a month's marking export < 5 s, a rename < 2 s`;
  const existing = process.env.BENCH_DATABASE_URL;
  if (existing) {
    const pool = new pg.Pool({ connectionString: existing, max: 2 });
    try {
      const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from transactions');
      console.log(`${targets} (a kept database of ${rows[0]!.n.toLocaleString('en')} bookings)`);
      await measure(existing, pool);
    } finally {
      await pool.end();
    }
    return;
  }
  await withBenchDatabase('lp-bench-writes-', async ({ url, pool }) => {
    await fill(pool);
    console.log(`${targets} (${BOOKINGS.toLocaleString('en')} bookings)`);
    await measure(url, pool);
  });
}

export default { name: 'write-targets', run };
