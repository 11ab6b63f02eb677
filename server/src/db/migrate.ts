import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { runMigrations as runQueueMigrations } from 'graphile-worker';
import { MIGRATIONS_DIR } from '../paths';
import type { Db } from './connection';

/**
 * Key of the session advisory lock the migrations run under (decision 0014): several servers starting
 * on one database at once migrate one after the other; the later ones find nothing pending. Distinct
 * from the two-key locks (namespace, id) the bookings and uploads take.
 */
export const MIGRATION_LOCK_KEY = 0x4c504d49; // "LPMI"

export interface MigrationOptions {
  /** Apply only the migrations up to this journal time (`when`): a restore loads older data first. */
  until?: number;
}

/**
 * Applies pending migrations; safe to run on every start (drizzle records what it applied). The lock
 * is a session lock on one connection, and the migrations run on that same connection: a server that
 * dies while migrating loses its session, so PostgreSQL rolls its transaction back and frees the lock.
 */
export async function runMigrations(db: Db, options: MigrationOptions = {}): Promise<void> {
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const folder = options.until === undefined ? MIGRATIONS_DIR : migrationsUntil(options.until);
      try {
        await migrate(drizzle(client), { migrationsFolder: folder });
      } finally {
        if (folder !== MIGRATIONS_DIR) fs.rmSync(folder, { recursive: true, force: true });
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken); // a failed connection is discarded, never reused with a lock held
  }
  // The job queue's own schema (graphile_worker, decision 0065), which the outbox's add_job needs;
  // graphile-worker serialises its migrations itself. Not part of a backup: jobs are derived from the
  // outbox. A restore to an older point in time (`until`) leaves the queue's schema as it is.
  // On a pool of its own: graphile-worker may hold two connections at once, and ours can be of size 1.
  if (options.until === undefined) {
    await runQueueMigrations({ connectionString: db.$client.options.connectionString, maxPoolSize: 2 });
  }
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export interface Journal {
  entries: JournalEntry[];
}

export function readJournal(): Journal {
  return JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** A copy of the migrations folder whose journal ends at `until` (drizzle reads only the journal). */
function migrationsUntil(until: number): string {
  const journal = readJournal();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.filter((e) => e.when <= until);
  for (const entry of entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}
