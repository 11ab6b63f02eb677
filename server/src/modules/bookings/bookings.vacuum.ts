// The server's own vacuum of the bookings after a write of many of them (decision 0039). The list's deep
// pages and most of its orders are read from covering indexes alone, which PostgreSQL can do only on
// heap pages the visibility map marks all-visible; every written booking clears its page's mark until a
// vacuum sets it again. Autovacuum comes within its naptime (up to a minute) and is throttled: after
// the largest creditor's rename (74,449 bookings) page 10,000 by net took 250-316 instead of 36 ms for
// 55-70 s. This VACUUM runs at once and unthrottled, on one process (PARALLEL 0: with parallel workers
// the requests beside it on two cores took up to 1.2 s), and took 2.2-2.3 s there.
import type pg from 'pg';

/** The vacuum running for a pool, and whether another write has asked for one since it began. */
interface Vacuuming {
  done: Promise<void>;
  /** The connection's backend while it vacuums, to end it (stopBookingsVacuum). */
  pid?: number;
  again: boolean;
  stopped: boolean;
}

const vacuums = new WeakMap<pg.Pool, Vacuuming>();

/**
 * Vacuums the bookings in the background, after the write's commit; the caller does not wait for it.
 * Writes that come while a vacuum runs share one more vacuum after it: the running one may have passed
 * their pages already. Best effort: a failure (a role that may not vacuum the table, a lost
 * connection) leaves the pages to autovacuum.
 */
export function vacuumBookingsSoon(pool: pg.Pool): void {
  const running = vacuums.get(pool);
  if (running) {
    running.again = !running.stopped;
    return;
  }
  const vacuuming: Vacuuming = { done: Promise.resolve(), again: false, stopped: false };
  vacuuming.done = runUntilCaughtUp(pool, vacuuming).finally(() => vacuums.delete(pool));
  vacuums.set(pool, vacuuming);
}

async function runUntilCaughtUp(pool: pg.Pool, vacuuming: Vacuuming): Promise<void> {
  do {
    vacuuming.again = false;
    const client = await pool.connect().catch(() => undefined);
    if (!client) return; // Best effort, see vacuumBookingsSoon.
    let failure: Error | undefined;
    try {
      vacuuming.pid = (client as pg.PoolClient & { processID: number }).processID;
      // VACUUM waits for a vacuum already at the table; an autovacuum gives way to it.
      await client.query('vacuum (parallel 0) transactions');
    } catch (error) {
      failure = error as Error; // Best effort, see vacuumBookingsSoon.
    } finally {
      vacuuming.pid = undefined;
      // A failed connection (ended by stopBookingsVacuum) is not given back to the pool.
      client.release(failure);
    }
  } while (vacuuming.again && !vacuuming.stopped);
}

/** Resolves once no vacuum of the bookings runs or waits for this pool. */
export async function bookingsVacuumed(pool: pg.Pool): Promise<void> {
  await vacuums.get(pool)?.done;
}

/**
 * When the server stops: ends a running vacuum (it loses nothing; autovacuum does the rest) so that
 * shutting down does not wait for it, and drops a waiting one. Ended with its connection rather than
 * cancelled: PostgreSQL logs a cancelled statement as an ERROR, an ended connection as the FATAL
 * "terminating connection due to administrator command" that every shutdown of the embedded database
 * writes and its log forwarder files as routine (db/postgres-log.ts).
 */
export async function stopBookingsVacuum(pool: pg.Pool): Promise<void> {
  const running = vacuums.get(pool);
  if (!running) return;
  running.stopped = true;
  running.again = false;
  if (running.pid !== undefined) {
    await pool.query('select pg_terminate_backend($1)', [running.pid]).catch(() => undefined);
  }
  await running.done;
}
