// What each index and trigger on `transactions` costs a write (issue 58 item 4). On a small fill
// (WRITE_COSTS_FILL bookings, default 100,000, imported through the import path and committed), the
// upload's transaction (validation with the duplicate check, upload batch, inserts of 5,000 rows, one
// audit row per booking, the batch's totals, the deferred triggers forced with SET CONSTRAINTS) is run
// for WRITE_COSTS_ROWS further rows (default 100,000) once per variant with one index dropped, one
// trigger an insert fires disabled or the audit rows left out, and as it is before and after each
// variant (the baseline), each inside a transaction that is rolled back (the DDL with it), so every
// run starts from the same table. Prints each variant against the baselines beside it. Nothing is
// dropped for good.
import { sql } from 'drizzle-orm';
import type { Connection } from '../../server/src/db/connection';
import {
  ADMIN_EMAIL,
  excelCsv,
  FIRST_ARTICLE,
  FIRST_CREDITOR,
  FIRST_DEBITOR,
  MASTER_DATA,
  seconds,
  withBenchDatabase,
} from './support';

const FILL = Number(process.env.WRITE_COSTS_FILL ?? 100_000);
const ROWS = Number(process.env.WRITE_COSTS_ROWS ?? 100_000);
const INSERT_BATCH = 5_000;

/** Deterministic pseudo-random numbers: the same bookings every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLACES = ['Rathaus', 'Grundschule Süd', 'Bauhof', 'Kläranlage', 'Feuerwehr Straße 12', 'Bürgerbüro'];

/** An Excel CSV of `count` bookings with invoice numbers from `first`. */
function csvFile(count: number, seed: number, first: number): Buffer {
  const next = random(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + pick(600) * 86_400_000).toISOString().slice(0, 10);
    const [y, m, d] = day.split('-');
    const cents = 1 + pick(5_000_000);
    const net = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    lines.push(
      [
        `${d}.${m}.${y}`,
        `RE-${first + i}`,
        FIRST_DEBITOR + pick(MASTER_DATA.debitors),
        `${PLACES[i % PLACES.length]} ${1 + pick(99)}`,
        FIRST_ARTICLE + pick(MASTER_DATA.articles),
        net,
        next() < 0.3 ? `Bestellung ${pick(9999)}` : '',
        FIRST_CREDITOR + pick(MASTER_DATA.creditors),
      ].join(';'),
    );
  }
  return excelCsv(lines);
}

const ADMIN = {
  id: 0,
  emailAddress: ADMIN_EMAIL,
  isAdmin: true,
  isActive: true,
  creditorNumber: null,
  tokenVersion: 1,
  secondFactor: false,
};

class RolledBack extends Error {}

interface Variant {
  name: string;
  /** DDL run first in the transaction (rolled back with it). */
  prepare?: string;
  withoutAudit?: boolean;
}

interface Timing {
  totalMs: number;
  validateMs: number;
  insertMs: number;
  auditMs: number;
  commitTriggersMs: number;
}

async function importTransaction(connection: Connection, file: Buffer, variant: Variant, commit: boolean) {
  const { readBookings } = await import('../../server/src/modules/upload/upload.service');
  const { validateBookingsForWrite, toNewBookingRow } =
    await import('../../server/src/modules/bookings/bookings.validation');
  const { insertBookings } = await import('../../server/src/modules/bookings/bookings.repository');
  const { recordCreated } = await import('../../server/src/modules/audit/audit.recorder');
  const { insertUploadBatch, finishUploadBatch } =
    await import('../../server/src/modules/upload-batches/upload-batches.repository');
  const { candidates, rowNumbers } = await readBookings(file, ADMIN);
  const timing: Timing = { totalMs: 0, validateMs: 0, insertMs: 0, auditMs: 0, commitTriggersMs: 0 };
  try {
    await connection.db.transaction(async (tx) => {
      if (variant.prepare) await tx.execute(sql.raw(variant.prepare));
      const started = performance.now();
      let t = started;
      const validation = await validateBookingsForWrite(tx, candidates, {
        checkForDuplicates: true,
        user: ADMIN,
        rowNumbers,
      });
      if (validation.errors.some((e) => e.length > 0)) throw new Error('the bench file has errors');
      timing.validateMs = performance.now() - t;
      const uploadBatchId = await insertUploadBatch(tx, { createdBy: ADMIN_EMAIL, fileName: 'bench.csv' });
      for (let start = 0; start < candidates.length; start += INSERT_BATCH) {
        const batch = candidates.slice(start, start + INSERT_BATCH).map((c) => toNewBookingRow(c, ADMIN));
        t = performance.now();
        const ids = await insertBookings(tx, batch, { uploadBatchId });
        timing.insertMs += performance.now() - t;
        t = performance.now();
        if (!variant.withoutAudit) await recordCreated(tx, ADMIN, 'booking', ids);
        timing.auditMs += performance.now() - t;
      }
      await finishUploadBatch(tx, uploadBatchId);
      t = performance.now();
      await tx.execute(sql`set constraints all immediate`);
      timing.commitTriggersMs = performance.now() - t;
      timing.totalMs = performance.now() - started;
      if (!commit) throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return timing;
}

async function variants(connection: Connection): Promise<Variant[]> {
  const { rows: indexes } = await connection.pool.query<{ name: string; size: string; unique: boolean }>(`
    select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size, i.indisunique as unique
      from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = 'transactions'::regclass and not i.indisprimary
     order by pg_relation_size(c.oid) desc`);
  // Only the triggers an insert fires (tgtype bit 2: INSERT); those of updates, deletes and truncates
  // cost an import nothing.
  const { rows: triggers } = await connection.pool.query<{ name: string; deferred: boolean }>(`
    select tgname as name, tgdeferrable as deferred from pg_trigger
     where tgrelid = 'transactions'::regclass and not tgisinternal and tgtype & 4 <> 0 order by tgname`);
  return [
    ...indexes.map((i) => ({
      name: `index ${i.name} (${i.size}${i.unique ? ', unique' : ''})`,
      prepare: `drop index ${i.name}`,
    })),
    ...triggers.map((t) => ({
      name: `trigger ${t.name}`,
      prepare: `alter table transactions disable trigger ${t.name}`,
    })),
    { name: 'audit rows (recordCreated)', withoutAudit: true },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function run(): Promise<void> {
  await withBenchDatabase('lp-bench-write-costs-', async ({ connection }) => {
    const t = performance.now();
    for (let start = 0; start < FILL; start += 100_000) {
      const count = Math.min(100_000, FILL - start);
      await importTransaction(connection, csvFile(count, 7 + start, start), { name: 'fill' }, true);
    }
    await connection.pool.query('vacuum analyze transactions');
    await connection.pool.query('vacuum analyze audit_entries');
    console.log(
      `fill: ${FILL.toLocaleString('en')} bookings through the import path in ${seconds(performance.now() - t)}`,
    );
    const file = csvFile(ROWS, 2026, 10_000_000);
    const all = await variants(connection);
    console.log(
      `each run: ${ROWS.toLocaleString('en')} rows, validate + insert + audit + commit-time triggers, rolled back`,
    );
    // Warm-up: caches and the WAL segment files.
    await importTransaction(connection, file, { name: 'warm-up' }, false);
    // A baseline run before each variant and one after the last: each variant is compared with the
    // mean of the baselines on either side of it, so that a machine whose load changes during the
    // run (a shared one) shifts the pair, not the difference.
    const baseline = () => importTransaction(connection, file, { name: 'baseline' }, false);
    const baselines: Timing[] = [await baseline()];
    const results: { variant: Variant; timing: Timing; base: number }[] = [];
    for (const variant of all) {
      const timing = await importTransaction(connection, file, variant, false);
      baselines.push(await baseline());
      const base = (baselines.at(-2)!.totalMs + baselines.at(-1)!.totalMs) / 2;
      if (process.env.WRITE_COSTS_PROGRESS)
        console.log(`  (${variant.name}: ${seconds(timing.totalMs)}, baselines around it ${seconds(base)})`);
      results.push({ variant, timing, base });
    }
    const totals = baselines.map((b) => b.totalMs);
    const base = median(totals);
    const phase = (k: keyof Timing) => seconds(median(baselines.map((b) => b[k])));
    console.log(
      `baseline (${baselines.length} runs, ${seconds(Math.min(...totals))}–${seconds(Math.max(...totals))}): median ${seconds(base)}` +
        ` = validate ${phase('validateMs')} + insert ${phase('insertMs')} + audit ${phase('auditMs')}` +
        ` + commit-time triggers ${phase('commitTriggersMs')}; ${Math.round(ROWS / (base / 1000)).toLocaleString('en')} rows/s`,
    );
    const saved = (r: (typeof results)[number]) => (r.base - r.timing.totalMs) / r.base;
    results.sort((a, b) => saved(b) - saved(a));
    console.log('without …: total, against the mean of the baselines on either side (insert phase)');
    for (const r of results) {
      const share = saved(r);
      console.log(
        `  ${r.variant.name}: ${seconds(r.timing.totalMs)} against ${seconds(r.base)} ` +
          `(${share >= 0 ? '−' : '+'}${Math.abs(share * 100).toFixed(0)} %; insert ${seconds(r.timing.insertMs)})`,
      );
    }
  });
}

export default { name: 'write-costs', run };
