// Retention of old bookings (decisions.md section 16, decision 0086): the bookings invoiced before a
// date at least RETENTION_YEARS back are written, with their audit rows, into an archive in the backup
// format (server/src/backup/backup-format.ts), the archive is read back and checked, a `delete` audit
// entry is recorded for each, and they are removed: all in one transaction, so that nothing is removed
// that is not in a complete, verified archive, and a failure anywhere removes nothing. Without
// `apply` it only reports what it would do. The audit trail itself is append-only (decision 0011):
// its rows stay in the database and are copied into the archive.
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { RETENTION_YEARS } from '@lp/domain/limits';
import { appliedMigrations } from '../backup/backup';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  END_OF_ROWS,
  parseBackupLine,
  type BackupHeader,
  type BackupTrailer,
} from '../backup/backup-format';
import { DUMP_SESSION_SETTINGS, orderedSelect, readCatalog, type CatalogTable } from '../backup/catalog';
import type { DbOrTx } from '../db/connection';
import { copyToStdout } from '../db/copy-to-stdout';
import * as schema from '../db/schema';
import { recordDeleted } from '../modules/audit/index';

/** Who the `delete` entries name when the operator names nobody. */
export const RETENTION_ACTOR = 'Aufbewahrungsfrist (npm run retention)';

export class RetentionRefused extends Error {}

export interface RetentionOptions {
  /** Bookings invoiced before this day (YYYY-MM-DD) leave the live tables. */
  before: string;
  /** The archive to write; required with `apply`, never overwritten. */
  archive?: string;
  /** Remove them; otherwise only count (a dry run). */
  apply: boolean;
  /** The audit entries' user. */
  actor?: string;
  /** Today (YYYY-MM-DD), for the retention limit; the system's date by default. */
  today?: string;
}

export interface RetentionSummary {
  before: string;
  bookings: number;
  netSum: string;
  oldestInvoiceDate: string | null;
  newestInvoiceDate: string | null;
  /** The bookings' own audit entries (create, update, delete) and the export entries naming them. */
  auditEntries: number;
  exportEntries: number;
  /** Rows per table in the verified archive; absent in a dry run or when nothing matched. */
  archived?: Record<string, number>;
  removed: number;
}

/** The latest `before` the retention accepts on `today`: 1 January, RETENTION_YEARS years back. */
export function latestRetentionCutoff(today: string): string {
  return `${String(Number(today.slice(0, 4)) - RETENTION_YEARS).padStart(4, '0')}-01-01`;
}

function checkCutoff(before: string, today: string): void {
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(before) && new Date(`${before}T00:00:00Z`).toISOString().startsWith(before);
  if (!valid) throw new RetentionRefused(`--before ${before} ist kein Datum (JJJJ-MM-TT)`);
  const latest = latestRetentionCutoff(today);
  if (before > latest)
    throw new RetentionRefused(
      `--before ${before} liegt in den ${RETENTION_YEARS} Jahren, die Buchungen aufbewahrt werden: heute höchstens ${latest}`,
    );
}

/** The three tables the archive holds, with the condition that selects the retention's rows. */
function archivedTables(before: string): { table: string; where: string }[] {
  // Literal: COPY takes no parameters; `before` is a checked date.
  const old = `select id from public.transactions where invoice_date < '${before}'::date`;
  return [
    { table: 'transactions', where: `invoice_date < '${before}'::date` },
    { table: 'audit_entries', where: `entity = 'booking' and entity_key in (${old})` },
    { table: 'audit_export_entries', where: `transaction_ids && array(${old})` },
  ];
}

export async function runRetention(url: string, options: RetentionOptions): Promise<RetentionSummary> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  checkCutoff(options.before, today);
  if (options.apply && !options.archive) throw new RetentionRefused('--apply braucht --archive DATEI');
  if (options.archive && fs.existsSync(options.archive))
    throw new RetentionRefused(`${options.archive} gibt es schon: ein Archiv wird nie überschrieben`);

  const client = new pg.Client({ connectionString: url, application_name: 'lieferantenportal-retention' });
  await client.connect();
  let written: string | undefined;
  try {
    await client.query(DUMP_SESSION_SETTINGS);
    // One snapshot for the selection, the archive and the removal; the rows are locked, so a booking
    // changed meanwhile fails the run instead of leaving the archive behind the database.
    await client.query('begin isolation level repeatable read');
    const { rows: locked } = await client.query<{ id: number }>(
      'select id from transactions where invoice_date < $1::date order by id for update',
      [options.before],
    );
    const ids = locked.map((r) => r.id);
    const summary = await summarize(client, options.before, ids);
    if (!options.apply || ids.length === 0) {
      await client.query('rollback');
      return summary;
    }
    written = options.archive!;
    const tables = await writeArchive(client, options.before, written);
    const expected = {
      transactions: ids.length,
      audit_entries: summary.auditEntries,
      audit_export_entries: summary.exportEntries,
    };
    await verifyArchive(written, tables, expected);

    const db = drizzle(client, { schema }) as unknown as DbOrTx;
    await recordDeleted(db, { emailAddress: options.actor ?? RETENTION_ACTOR }, 'booking', ids);
    const removed = await client.query('delete from transactions where id = any($1::int[])', [ids]);
    if (removed.rowCount !== ids.length)
      throw new Error(`${removed.rowCount} statt ${ids.length} Buchungen entfernt: nichts entfernt`);
    await client.query('commit');
    written = undefined; // kept: it holds what was removed
    return { ...summary, archived: expected, removed: ids.length };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    // Nothing was removed: an archive of it would only mislead.
    if (written) fs.rmSync(written, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function summarize(client: pg.Client, before: string, ids: number[]): Promise<RetentionSummary> {
  const { rows } = await client.query<{
    net: string | null;
    oldest: string | null;
    newest: string | null;
    audit: number;
    exports: number;
  }>(
    `select (select sum(net)::text from transactions where id = any($1::int[])) as net,
      (select min(invoice_date)::text from transactions where id = any($1::int[])) as oldest,
      (select max(invoice_date)::text from transactions where id = any($1::int[])) as newest,
      (select count(*)::int from audit_entries where entity = 'booking' and entity_key = any($1::int[])) as audit,
      (select count(*)::int from audit_export_entries where transaction_ids && $1::int[]) as exports`,
    [ids],
  );
  const row = rows[0]!;
  return {
    before,
    bookings: ids.length,
    netSum: row.net ?? '0',
    oldestInvoiceDate: row.oldest,
    newestInvoiceDate: row.newest,
    auditEntries: row.audit,
    exportEntries: row.exports,
    removed: 0,
  };
}

async function writeText(stream: NodeJS.WritableStream, text: string | Buffer): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** The archive in the backup format: header, each table's rows by key, trailer with counts and SHA-256. */
async function writeArchive(client: pg.Client, before: string, file: string): Promise<CatalogTable[]> {
  const selected = archivedTables(before);
  const catalog = await readCatalog(client);
  const tables = selected.map(({ table }) => {
    const found = catalog.find((t) => t.name === table);
    if (!found) throw new Error(`Tabelle ${table} fehlt`);
    return found;
  });
  const migrations = await appliedMigrations(client);
  const { rows: version } = await client.query<{ v: string }>(
    `select current_setting('server_version') as v`,
  );
  const counts = new Map<string, number>();
  for (const [i, { where }] of selected.entries()) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from public.${tables[i]!.name} where ${where}`,
    );
    counts.set(tables[i]!.name, rows[0]!.n);
  }
  const header: BackupHeader = {
    kind: 'header',
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    postgresVersion: version[0]!.v,
    migrations,
    tables: tables.map((t) => ({ name: t.name, columns: t.columns, key: t.key, rows: counts.get(t.name)! })),
  };
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const gzip = zlib.createGzip({ level: 6 });
  const done = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
  done.catch(() => undefined); // awaited below
  try {
    await writeText(gzip, `${JSON.stringify(header)}\n`);
    const trailer: BackupTrailer = { kind: 'end', tables: {}, sequences: [] };
    for (const [i, table] of tables.entries()) {
      await writeText(gzip, `${JSON.stringify({ kind: 'table', name: table.name })}\n`);
      const hash = crypto.createHash('sha256');
      let rows = 0;
      const copy = client.query(copyToStdout(`copy (${orderedSelect(table, selected[i]!.where)}) to stdout`));
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        hash.update(chunk);
        for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) rows++;
        await writeText(gzip, chunk);
      }
      await writeText(gzip, `${END_OF_ROWS}\n`);
      trailer.tables[table.name] = { rows, sha256: hash.digest('hex') };
    }
    await writeText(gzip, `${JSON.stringify(trailer)}\n`);
    gzip.end();
    await done;
    const fd = fs.openSync(partial, 'r+');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    if (fs.existsSync(file))
      throw new RetentionRefused(`${file} ist inzwischen entstanden: nicht überschrieben`);
    fs.renameSync(partial, file);
    return tables;
  } catch (error) {
    gzip.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Reads the archive back from the disk: every table's rows counted and hashed must match its trailer
 * and what the database selected. Only then are the bookings removed.
 */
async function verifyArchive(
  file: string,
  tables: CatalogTable[],
  expected: Record<string, number>,
): Promise<void> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file).pipe(zlib.createGunzip()),
    crlfDelay: Infinity,
  });
  const found: Record<string, { rows: number; sha256: string }> = {};
  let current: { name: string; rows: number; hash: crypto.Hash } | undefined;
  let trailer: BackupTrailer | undefined;
  let header: BackupHeader | undefined;
  for await (const line of lines) {
    if (current) {
      if (line === END_OF_ROWS) {
        found[current.name] = { rows: current.rows, sha256: current.hash.digest('hex') };
        current = undefined;
      } else {
        current.hash.update(`${line}\n`);
        current.rows++;
      }
      continue;
    }
    const parsed = parseBackupLine(line);
    if (parsed.kind === 'header') header = parsed;
    else if (parsed.kind === 'table')
      current = { name: parsed.name, rows: 0, hash: crypto.createHash('sha256') };
    else trailer = parsed;
  }
  if (!header || !trailer || current) throw new Error(`${file} ist unvollständig: nichts entfernt`);
  for (const table of tables) {
    const mine = found[table.name];
    const stated = trailer.tables[table.name];
    if (!mine || !stated || mine.rows !== stated.rows || mine.sha256 !== stated.sha256)
      throw new Error(
        `${file}: Tabelle ${table.name} liest sich nicht so, wie sie geschrieben wurde: nichts entfernt`,
      );
    if (mine.rows !== expected[table.name])
      throw new Error(
        `${file}: Tabelle ${table.name} enthält ${mine.rows} Zeilen, die Datenbank ${expected[table.name]}: nichts entfernt`,
      );
  }
}
