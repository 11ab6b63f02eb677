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
