// The pool and the drizzle handle every repository uses.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { installSafeTransactions } from './safe-transactions';
import * as schema from './schema';

/** `$client`: the pool underneath (the migrations take a session lock on one of its connections). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The database handle or an open transaction: what a repository function runs its SQL on. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Connection {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

// numeric stays a string (exact money); date stays 'YYYY-MM-DD' (no time-zone shifts).
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/**
 * A lost connection must never crash the process. pg emits `error` on a client whose connection
 * ends unexpectedly (PostgreSQL killed or restarted), also while a request holds it checked out
 * (a transaction, an export): without a listener that event is an uncaught exception. The
 * query running on it fails on its own and answers 503 (isDatabaseUnavailable); the pool discards
 * the broken client and connects afresh once the database is back.
 */
export function connect(url: string, max = 10, onLostConnection?: (error: Error) => void): Connection {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined); // an idle client's loss, already reported by its own listener
  pool.on('connect', (client) => client.on('error', (error) => onLostConnection?.(error)));
  const db = drizzle(pool, { schema });
  installSafeTransactions(db);
  return { pool, db, close: () => pool.end() };
}
