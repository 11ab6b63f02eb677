// How many sessions of the test's own database wait for a lock (a row lock, a table lock): tests that
// hold a lock in one transaction wait for this before they let it go, so that the statement under
// test has reached the lock.
import type pg from 'pg';

export async function lockWaiters(pool: Pick<pg.Pool, 'query'>): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

/**
 * Resolves once a session waits for a lock, or once `request` has settled without waiting (at most
 * 5 s): the moment to let the transaction holding the lock end.
 */
export async function untilWaitingOrSettled(
  pool: Pick<pg.Pool, 'query'>,
  request: Promise<unknown>,
): Promise<void> {
  let settled = false;
  void request.finally(() => (settled = true)).catch(() => undefined);
  for (let i = 0; i < 100 && !settled; i += 1) {
    if ((await lockWaiters(pool)) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once `n` or more sessions wait for a lock, or after `timeoutMs` (whichever comes first). */
export async function untilLockWaiters(
  pool: Pick<pg.Pool, 'query'>,
  n: number,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await lockWaiters(pool)) < n && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Locks the bookings table against every reader (`access exclusive`) in a transaction of its own, so
 * that any statement reading bookings waits, as a long statement's would. The function returned
 * commits and ends it; calling it again does nothing.
 */
export async function lockBookingsTable(pool: pg.Pool): Promise<() => Promise<void>> {
  const holder = await pool.connect();
  try {
    await holder.query('begin');
    await holder.query('lock table transactions in access exclusive mode');
  } catch (error) {
    holder.release();
    throw error;
  }
  let released: Promise<void> | undefined;
  return () =>
    (released ??= holder
      .query('commit')
      .then(() => undefined)
      .finally(() => holder.release()));
}
