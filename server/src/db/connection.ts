// The pool and the drizzle handle every repository uses.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { installSafeTransactions } from './safe-transactions';
import * as schema from './schema';

/** `$client`: the pool underneath (the migrations take a session lock on one of its connections). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** An open database transaction: the handle `db.transaction(async (tx) => …)` passes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database handle or an open transaction: what a repository function runs its SQL on. */
export type DbOrTx = Db | Tx;

export interface Connection {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

// numeric stays a string (exact money); date stays 'YYYY-MM-DD' (no time-zone shifts).
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/**
 * No JIT compilation on the app's connections. Where PostgreSQL has it (Debian's packages; not the
 * embedded binaries), a statement planned dearer than jit_above_cost is compiled first, which cost
 * 40–100 ms on this machine: more than a whole list request, and the planner's estimates of our
 * statements (a count of a large filter, a page with sorts switched off) pass that threshold where
 * the work itself takes milliseconds (Debian's PostgreSQL 15: a walked page 88–138 ms with JIT, docs/
 * performance.md change 43). Every figure of the app was measured without it.
 */
const NO_JIT = 'set jit = off';

/**
 * Every statement planned for its own values, also those sent by name (db/prepared.ts: they still
 * skip parsing and analysis). Left to PostgreSQL, a named statement is planned once for all values
 * after five runs when that plan's estimate is no dearer, and for the bookings list that estimate is
 * wrong where the values differ in how many bookings they match: a supplier's debitor filter 21–24 ms
 * instead of 1.1–1.8 ms, a supplier's two-year range by debitor name 104 instead of 23 ms (decision
 * 0036). Costs the single booking ~0.1 ms of planning.
 */
const PLAN_FOR_VALUES = 'set plan_cache_mode = force_custom_plan';

/**
 * A lost connection must never crash the process. pg emits `error` on a client whose connection
 * ends unexpectedly (PostgreSQL killed or restarted), also while a request holds it checked out
 * (a transaction, an export): without a listener that event is an uncaught exception. The
 * query running on it fails on its own and answers 503 (isDatabaseUnavailable); the pool discards
 * the broken client and connects afresh once the database is back.
 */
export function connect(url: string, max = 10, onLostConnection?: (error: Error) => void): Connection {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    // Awaited before the new connection is handed out; a failure ends it and fails the checkout.
    onConnect: async (client) => {
      await client.query(`${NO_JIT}; ${PLAN_FOR_VALUES}`);
    },
  });
  pool.on('error', () => undefined); // an idle client's loss, already reported by its own listener
  pool.on('connect', (client) => client.on('error', (error) => onLostConnection?.(error)));
  const db = drizzle(pool, { schema });
  installSafeTransactions(db);
  return { pool, db, close: () => pool.end() };
}
