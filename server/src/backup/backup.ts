// Writes a consistent backup of a running database through an ordinary connection (decision 0013):
// one read-only repeatable-read transaction sees one snapshot of every table while the app keeps
// writing; rows leave PostgreSQL through COPY and are gzip-compressed into the file as they arrive.
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { copyToStdout } from '../db/copy-to-stdout';
import { readJournal } from '../db/migrate';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  END_OF_ROWS,
  type AppliedMigration,
  type BackupHeader,
  type BackupTrailer,
  type SequenceValue,
} from './backup-format';
import { DUMP_SESSION_SETTINGS, orderedSelect, quoteIdentifier, readCatalog } from './catalog';

export interface BackupOptions {
  /**
   * Called with the exported snapshot id once the snapshot is taken and before any row is read (tests
   * compare the restore with what another transaction sees in the same snapshot).
   */
  onSnapshot?: (snapshotId: string) => Promise<void>;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: Record<string, number>;
  migration: string | null;
}

const NEWLINE = 0x0a;

async function writeText(stream: NodeJS.WritableStream, text: string | Buffer): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

export async function writeBackup(
  url: string,
  file: string,
  options: BackupOptions = {},
): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url, application_name: 'lieferantenportal-backup' });
  await client.connect();
  const partial = `${file}.partial`;
  let gzip: zlib.Gzip | undefined;
  try {
    await client.query(DUMP_SESSION_SETTINGS);
    // pg_dump's own isolation: one snapshot for every table, no locks that block the app's writes.
    await client.query('begin isolation level repeatable read read only');
    const tables = await readCatalog(client);
    if (tables.length === 0) throw new Error('The database has no tables: nothing to back up');
    // Tables cannot be dropped or altered (a migration of a newer server) while they are read.
    await client.query(
      `lock table ${tables.map((t) => `public.${quoteIdentifier(t.name)}`).join(', ')} in access share mode`,
    );
    const migrations = await appliedMigrations(client);
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from public.${quoteIdentifier(table.name)}`,
      );
      counts[table.name] = Number(rows[0]!.n);
    }
    if (options.onSnapshot) {
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      await options.onSnapshot(rows[0]!.id);
    }
    const { rows: version } = await client.query<{ v: string }>(
      `select current_setting('server_version') as v`,
    );

    const header: BackupHeader = {
      kind: 'header',
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      postgresVersion: version[0]!.v,
      migrations,
      tables: tables.map((t) => ({ name: t.name, columns: t.columns, key: t.key, rows: counts[t.name]! })),
    };

    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    gzip = zlib.createGzip({ level: 6 });
    // A write error (disk full) destroys the gzip stream too, so a wait for 'drain' fails instead of hanging.
    const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
    written.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
    await writeText(gzip, `${JSON.stringify(header)}\n`);

    const trailer: BackupTrailer = { kind: 'end', tables: {}, sequences: [] };
    for (const table of tables) {
      await writeText(gzip, `${JSON.stringify({ kind: 'table', name: table.name })}\n`);
      const hash = crypto.createHash('sha256');
      let rows = 0;
      const copy = client.query(copyToStdout(`copy (${orderedSelect(table)}) to stdout`));
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        hash.update(chunk);
        for (let i = chunk.indexOf(NEWLINE); i >= 0; i = chunk.indexOf(NEWLINE, i + 1)) rows++;
        await writeText(gzip, chunk);
      }
      await writeText(gzip, `${END_OF_ROWS}\n`);
      if (rows !== counts[table.name])
        throw new Error(`Table ${table.name}: counted ${counts[table.name]} rows but wrote ${rows}`);
      trailer.tables[table.name] = { rows, sha256: hash.digest('hex') };
    }
    trailer.sequences = await sequenceValues(client, tables);
    await writeText(gzip, `${JSON.stringify(trailer)}\n`);
    gzip.end();
    await written;
    await client.query('commit');

    // Only a complete file gets the name asked for, and only once it is on disk.
    const fd = fs.openSync(partial, 'r+');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
    return {
      file,
      bytes: fs.statSync(file).size,
      tables: counts,
      migration: migrations.at(-1)?.tag ?? null,
    };
  } catch (error) {
    gzip?.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function appliedMigrations(client: pg.Client): Promise<AppliedMigration[]> {
  const exists = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!exists.rows[0]?.t)
    throw new Error('The database has no migration record: not a Lieferantenportal database');
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
  );
  const tags = new Map(readJournal().entries.map((e) => [e.when, e.tag]));
  return rows.map((r) => ({
    when: Number(r.created_at),
    hash: r.hash,
    tag: tags.get(Number(r.created_at)) ?? null,
  }));
}

/**
 * Sequences are not transactional: the value read now is at least what the snapshot's rows used.
 * Restoring it (not just the highest id) keeps ids of rows deleted before the backup from coming back.
 */
async function sequenceValues(
  client: pg.Client,
  tables: Awaited<ReturnType<typeof readCatalog>>,
): Promise<SequenceValue[]> {
  const values: SequenceValue[] = [];
  for (const table of tables) {
    for (const column of table.columns) {
      if (!column.sequence) continue;
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${column.sequence}`,
      );
      values.push({
        sequence: column.sequence,
        lastValue: rows[0]!.last_value,
        isCalled: rows[0]!.is_called,
      });
    }
  }
  return values;
}
