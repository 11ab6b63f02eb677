// The backup's round trip (decision 0013): taken while bookings are written, restored into an empty
// database, every table equals what the backup's snapshot saw — checked with row counts and MD5s that
// another transaction computes in that very snapshot, independently of the backup code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type EmptyDatabase } from '../../test/empty-database';
import {
  createArticle,
  createBooking,
  createCreditor,
  createDebitor,
  countBookings,
} from '../../test/factories';
import { creditorHeapFetches } from '../../test/heap-fetches';
import { readTableStates, type TableStates } from '../../test/table-states';
import { useTestApp } from '../../test/test-app';
import { writeBackup } from './backup';
import { readBackupHeader, restoreBackup } from './restore';

const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-backup-test-'));
const targets: EmptyDatabase[] = [];
let master: { creditorNumber: number; articleNumber: number; debitorNumber: number };

async function emptyDatabase(): Promise<EmptyDatabase> {
  const database = await createEmptyDatabase();
  targets.push(database);
  return database;
}

/** Inserts bookings one by one until stopped; each resolved insert is committed. */
function startWriter() {
  let stop = false;
  let written = 0;
  const done = (async () => {
    while (!stop) {
      await createBooking(t.db, { ...master, additionalInformation: `während der Sicherung ${written}` });
      written++;
    }
  })();
  return {
    written: () => written,
    async stop() {
      stop = true;
      await done;
    },
  };
}

beforeAll(async () => {
  const creditor = await createCreditor(t.db);
  const article = await createArticle(t.db);
  const debitor = await createDebitor(t.db);
  master = { creditorNumber: creditor.number, articleNumber: article.number, debitorNumber: debitor.number };
  // Enough rows that the dump takes a while; texts with the characters COPY has to escape.
  await t.db.execute(sql`
    insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
                              article_number, additional_information, creditor_number, export_date,
                              creation_user_email_address)
    select date '2026-01-01' + (i % 300), 'RE-' || i, (i * 1.37)::numeric(12, 2), ${debitor.number},
           E'Lager\\tNord\\\\' || i, ${article.number}, case when i % 3 = 0 then E'Zeile 1\\nZeile 2 äöüß €' end,
           ${creditor.number}, case when i % 5 = 0 then timestamptz '2026-02-01 10:00:00+01' end,
           'lieferant@example.org'
      from generate_series(1, 20000) i`);
  // An export's audit row: an int[] column, and a foreign key that must load export_batches first.
  await t.db.execute(sql`
    with batch as (insert into export_batches (created_by, count, net_sum, file_name, file)
                   values ('admin@test.example', 3, 4.11, 'Buchungen.csv', ''::bytea) returning id)
    insert into audit_export_entries (user_email_address, export_batch_id, first_export, transaction_ids)
    select 'admin@test.example', batch.id, true, array[5, 10, 15] from batch`);
  await t.login('admin@test.example'); // a session's rows (app settings, login counters)
});

afterAll(async () => {
  for (const target of targets) await target.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores exactly the snapshot the backup saw while bookings were being written', async () => {
    const file = path.join(dir, 'under-writes.lpbackup');
    const writer = startWriter();
    let snapshot: TableStates | undefined;
    let writtenAtSnapshot = 0;
    try {
      // Writes are under way before the snapshot too (so that it holds some of the writer's bookings):
      // without this wait the snapshot could come before the writer's first commit (a CI run on
      // Debian's PostgreSQL saw exactly the 20,000 of beforeAll).
      while (writer.written() < 5) await new Promise((r) => setTimeout(r, 10));
      await writeBackup(t.databaseUrl, file, {
        async onSnapshot(id) {
          snapshot = await readTableStates(t.databaseUrl, id);
          writtenAtSnapshot = writer.written();
          // The rows are read only after more bookings were committed past the snapshot.
          while (writer.written() < writtenAtSnapshot + 20) await new Promise((r) => setTimeout(r, 10));
        },
      });
    } finally {
      await writer.stop();
    }
    expect(writer.written()).toBeGreaterThan(writtenAtSnapshot + 20);
    expect(await countBookings(t.db)).toBeGreaterThan(snapshot!.transactions!.rows);
    expect(snapshot!.transactions!.rows).toBeGreaterThan(20000);

    const target = await emptyDatabase();
    const summary = await restoreBackup(target.url, file);
    expect(summary.tables.transactions).toBe(snapshot!.transactions!.rows);
    expect(await readTableStates(target.url)).toEqual(snapshot);
  });

  it('hands out no id of a booking deleted before the backup', async () => {
    const deleted = await createBooking(t.db, master);
    await t.db.execute(sql`delete from transactions where id = ${deleted.id}`);
    const file = path.join(dir, 'sequences.lpbackup');
    await writeBackup(t.databaseUrl, file);
    const target = await emptyDatabase();
    await restoreBackup(target.url, file);
    const rows = await target.query<{ id: number }>(
      `insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
                                 article_number, creditor_number, creation_user_email_address)
       values ('2026-03-01', 'RE-neu', 1, $1, 'Lager', $2, $3, 'x@example.org') returning id`,
      [master.debitorNumber, master.articleNumber, master.creditorNumber],
    );
    expect(rows[0]!.id).toBe(deleted.id + 1);
  });

  it('leaves the restored bookings as fast to list as the original: statistics and all-visible pages', async () => {
    const file = path.join(dir, 'ready.lpbackup');
    await writeBackup(t.databaseUrl, file);
    const target = await emptyDatabase();
    await restoreBackup(target.url, file);
    const statistics = await target.query<{ n: number }>(
      "select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'transactions'",
    );
    expect(statistics[0]!.n, 'the planner has statistics of the bookings').toBeGreaterThan(0);
    expect(await creditorHeapFetches(target.url, master.creditorNumber)).toBe(0);
  });

  it('records the schema version: the last applied migration', async () => {
    const file = path.join(dir, 'header.lpbackup');
    await writeBackup(t.databaseUrl, file);
    const header = await readBackupHeader(file);
    const { rows } = await t.pool.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    expect(header.migrations.at(-1)!.when).toBe(Number(rows[0]!.created_at));
    expect(header.migrations.at(-1)!.tag).toMatch(/^\d{4}_/);
    expect(header.tables.map((table) => table.name)).toContain('transactions');
  });

  it('refuses a database that is not empty and leaves it untouched', async () => {
    const file = path.join(dir, 'refused.lpbackup');
    await writeBackup(t.databaseUrl, file);
    const before = await readTableStates(t.databaseUrl);
    await expect(restoreBackup(t.databaseUrl, file)).rejects.toThrow(/not empty/);
    expect(await readTableStates(t.databaseUrl)).toEqual(before);
  });

  it('refuses an incomplete file and commits no row of it', async () => {
    const file = path.join(dir, 'whole.lpbackup');
    await writeBackup(t.databaseUrl, file);
    const cut = path.join(dir, 'cut.lpbackup');
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const target = await emptyDatabase();
    await expect(restoreBackup(target.url, cut)).rejects.toThrow();
    const states = await readTableStates(target.url);
    expect(Object.values(states).every((s) => s.rows === 0)).toBe(true);
  });

  it('refuses a file that is not a backup', async () => {
    const file = path.join(dir, 'other.csv');
    fs.writeFileSync(file, 'Rechnungsnummer;Netto\n');
    await expect(restoreBackup((await emptyDatabase()).url, file)).rejects.toThrow();
  });
});
