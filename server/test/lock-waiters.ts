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
