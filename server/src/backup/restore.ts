// Restores a backup into an empty database (decision 0013): the schema comes from our migrations up to
// the one the backup was taken at, the rows through COPY in foreign-key order in one transaction, then
// each table is read back and must match the backup's row count and checksum before anything is
// committed; newer migrations of this version run afterwards.
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { connect } from '../db/connection';
import { copyToStdout } from '../db/copy-to-stdout';
import { readJournal, runMigrations } from '../db/migrate';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  END_OF_ROWS,
  parseBackupLine,
  type BackupHeader,
  type BackupTrailer,
} from './backup-format';
import {
  DUMP_SESSION_SETTINGS,
  orderedSelect,
  quoteIdentifier,
  readCatalog,
  type CatalogTable,
} from './catalog';

export interface RestoreSummary {
  tables: Record<string, number>;
  migration: string | null;
}

const BATCH_BYTES = 256 * 1024;
const END_LINE = Buffer.from(END_OF_ROWS);

/** The file's lines as bytes (rows go to COPY as they are; only the JSON lines are decoded). */
async function* readLines(file: string): AsyncGenerator<Buffer> {
  let rest = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(file).pipe(zlib.createGunzip()) as AsyncIterable<Buffer>) {
    let data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let newline = data.indexOf(0x0a);
    while (newline >= 0) {
      yield data.subarray(0, newline);
      data = data.subarray(newline + 1);
      newline = data.indexOf(0x0a);
    }
    rest = Buffer.from(data);
  }
  if (rest.length > 0) throw new Error('The backup file ends in the middle of a line: it is incomplete');
}

export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = readLines(file);
  const first = await lines.next();
  await lines.return(undefined);
  return checkHeader(first.done ? undefined : first.value);
}

function checkHeader(line: Buffer | undefined): BackupHeader {
  if (!line) throw new Error('The backup file is empty');
  const header = parseBackupLine(line.toString('utf8'));
  if (header.kind !== 'header' || header.format !== BACKUP_FORMAT)
    throw new Error('Not a Lieferantenportal backup');
  if (header.version !== BACKUP_FORMAT_VERSION)
    throw new Error(
      `Backup format version ${header.version} is not supported (this version reads ${BACKUP_FORMAT_VERSION})`,
    );
  return header;
}

export async function restoreBackup(url: string, file: string): Promise<RestoreSummary> {
  const lines = readLines(file);
  const nextLine = async () => {
    const next = await lines.next();
    if (next.done) throw new Error('The backup file is incomplete (it ends before its last section)');
    return next.value;
  };
  const header = checkHeader(await nextLine());
  const last = header.migrations.at(-1);
  const known = new Set(readJournal().entries.map((e) => e.when));
  const unknown = header.migrations.find((m) => !known.has(m.when));
  if (!last || unknown)
    throw new Error(
      `The backup was taken by a newer version of Lieferantenportal (migration ${unknown?.tag ?? unknown?.when}); ` +
        'restore it with that version or a later one',
    );

  const client = new pg.Client({ connectionString: url, application_name: 'lieferantenportal-restore' });
  await client.connect();
  let began = false;
  try {
    await assertEmpty(client);
    await migrate(url, last.when);
    await client.query(DUMP_SESSION_SETTINGS);
    const target = new Map((await readCatalog(client)).map((t) => [t.name, t]));
    const tables = header.tables.map((t): CatalogTable => {
      const existing = target.get(t.name);
      const missing = t.columns.filter((c) => !existing?.columns.some((e) => e.name === c.name));
      if (!existing || missing.length > 0)
        throw new Error(`Table ${t.name} of the backup does not match the schema its migrations create`);
      return { name: t.name, columns: t.columns, key: t.key };
    });
    const names = tables.map((t) => `public.${quoteIdentifier(t.name)}`).join(', ');

    await client.query('begin');
    began = true;
    // Triggers of the app must not fire for rows that are only loaded, nor refuse the emptying below:
    // the audit trail's append-only trigger refuses TRUNCATE (decision 0011). Restoring is the
    // owner's deliberate act on a new database, inside this transaction; the triggers are back on
    // before it commits.
    for (const t of tables)
      await client.query(`alter table public.${quoteIdentifier(t.name)} disable trigger user`);
    // Migrations may store rows of their own; the backup holds what became of them.
    await client.query(`truncate table ${names}`);
    for (const table of tables) {
      const start = parseBackupLine((await nextLine()).toString('utf8'));
      if (start.kind !== 'table' || start.name !== table.name)
        throw new Error(`The backup file is damaged: expected the rows of ${table.name}`);
      await loadRows(client, table, nextLine);
    }
    const trailer = parseBackupLine((await nextLine()).toString('utf8'));
    if (trailer.kind !== 'end') throw new Error('The backup file is damaged: no closing section');
    await verify(client, tables, header, trailer);
    for (const s of trailer.sequences)
      await restoreSequence(client, tables, s.sequence, s.lastValue, s.isCalled);
    for (const t of tables)
      await client.query(`alter table public.${quoteIdentifier(t.name)} enable trigger user`);
    await client.query('commit');
  } catch (error) {
    if (began) await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
    await lines.return(undefined);
  }
  await migrate(url); // this version's newer migrations, on the restored rows
  await vacuumAnalyze(url);
  return {
    tables: Object.fromEntries(header.tables.map((t) => [t.name, t.rows])),
    migration: last.tag,
  };
}

/**
 * Loaded tables have no planner statistics and no page marked all-visible until autovacuum comes, up to
 * a minute after the restore: at a million bookings the list's page 2,000 took 0.33–0.71 s instead of
 * 17 ms until then (docs/performance.md, change 56). So the restore leaves them as a running database
 * has them.
 */
async function vacuumAnalyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'lieferantenportal-restore' });
  await client.connect();
  try {
    // The tables as this version's migrations left them (a newer one may have added or dropped one).
    const tables = await readCatalog(client);
    await client.query(
      `vacuum (analyze) ${tables.map((t) => `public.${quoteIdentifier(t.name)}`).join(', ')}`,
    );
  } finally {
    await client.end();
  }
}

async function migrate(url: string, until?: number): Promise<void> {
  const connection = connect(url, 1);
  try {
    await runMigrations(connection.db, { until });
  } finally {
    await connection.close();
  }
}

async function assertEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ tables: string; migrations: string | null }>(`
    select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind in ('r', 'p')) as tables,
           to_regclass('drizzle.__drizzle_migrations')::text as migrations`);
  if (Number(rows[0]!.tables) > 0 || rows[0]!.migrations !== null)
    throw new Error(
      'The target database is not empty. Restore into a new, empty database (a new DATA_DIR, or a ' +
        'database created with `createdb`), never over a database in use.',
    );
}

async function loadRows(client: pg.Client, table: CatalogTable, nextLine: () => Promise<Buffer>) {
  const columns = table.columns.map((c) => quoteIdentifier(c.name)).join(', ');
  const copy = client.query(copyFrom(`copy public.${quoteIdentifier(table.name)} (${columns}) from stdin`));
  let failure: Error | undefined;
  copy.on('error', (error: Error) => (failure = error));
  let batch: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const data = Buffer.concat(batch);
    batch = [];
    size = 0;
    if (!copy.write(data)) await once(copy, 'drain');
  };
  try {
    for (;;) {
      if (failure) throw failure;
      const line = await nextLine();
      if (line.equals(END_LINE)) break;
      batch.push(line, Buffer.from('\n'));
      size += line.length + 1;
      if (size >= BATCH_BYTES) await flush();
    }
    await flush();
    copy.end();
    await finished(copy);
  } catch (error) {
    // A damaged file mid-table: CopyFail ends the COPY, so the connection can roll back.
    copy.destroy(error as Error);
    await finished(copy).catch(() => undefined);
    throw error;
  }
}

/** Reads every table back in the dump's order: same rows, same bytes as the snapshot the backup saw. */
async function verify(
  client: pg.Client,
  tables: CatalogTable[],
  header: BackupHeader,
  trailer: BackupTrailer,
) {
  for (const table of tables) {
    const expected = trailer.tables[table.name];
    const counted = header.tables.find((t) => t.name === table.name)?.rows;
    const hash = crypto.createHash('sha256');
    let rows = 0;
    for await (const chunk of client.query(
      copyToStdout(`copy (${orderedSelect(table)}) to stdout`),
    ) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, i + 1)) rows++;
    }
    if (!expected || expected.rows !== rows || counted !== rows || expected.sha256 !== hash.digest('hex'))
      throw new Error(
        `Table ${table.name}: the restored rows differ from the backup (${rows} rows restored, ` +
          `${expected?.rows ?? '?'} in the backup); nothing was restored`,
      );
  }
}

async function restoreSequence(
  client: pg.Client,
  tables: CatalogTable[],
  sequence: string,
  lastValue: string,
  isCalled: boolean,
) {
  // The sequence never goes below the highest id restored, whatever the recorded value says.
  const owner = tables
    .flatMap((t) => t.columns.map((c) => ({ t, c })))
    .find(({ c }) => c.sequence === sequence);
  let highest: string | null = null;
  if (owner) {
    const { rows } = await client.query<{ max: string | null }>(
      `select max(${quoteIdentifier(owner.c.name)})::text as max from public.${quoteIdentifier(owner.t.name)}`,
    );
    highest = rows[0]!.max;
  }
  if (highest !== null && BigInt(highest) > BigInt(lastValue))
    await client.query('select setval($1::regclass, $2::bigint, true)', [sequence, highest]);
  else await client.query('select setval($1::regclass, $2::bigint, $3)', [sequence, lastValue, isCalled]);
}
