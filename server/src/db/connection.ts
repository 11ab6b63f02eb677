// The pool and the drizzle handle every repository uses.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

/** The database handle or an open transaction: what a repository function runs its SQL on. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Connection {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

// numeric stays a string (exact money); date stays 'YYYY-MM-DD' (no time-zone shifts).
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export function connect(url: string, max = 10): Connection {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}
