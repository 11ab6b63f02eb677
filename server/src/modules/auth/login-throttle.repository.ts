// The login throttling counters in PostgreSQL: one locked row per key while an attempt is decided.
import crypto from 'node:crypto';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { loginThrottle } from '../../db/schema';
import type { ThrottleDecision, ThrottleRow } from './login-throttle';

export const addressKey = (ip: string) => `address:${ip}`;

/** User names as the login looks them up (trimmed, lower case), hashed: fixed length, no address stored. */
export const accountKey = (username: string) =>
  `account:${crypto.createHash('sha256').update(username.trim().toLowerCase()).digest('hex')}`;

/** How long an attempt waits for places held by parallel attempts before it is refused. */
const MAX_WAIT_MS = 30_000;
/** A waiter looks again after this long even unwoken: places held on another server. */
const RECHECK_MS = 500;

/**
 * Attempts of this server waiting for a place, per key, first come first served: a settled attempt
 * wakes the next one, so a burst of correct logins does not poll PostgreSQL.
 */
const waiters = new Map<string, Array<() => void>>();

function waitForPlace(key: string): Promise<void> {
  return new Promise((resolve) => {
    const queue = waiters.get(key) ?? [];
    waiters.set(key, queue);
    const wake = () => {
      clearTimeout(timer);
      const at = queue.indexOf(wake);
      if (at >= 0) queue.splice(at, 1);
      if (queue.length === 0 && waiters.get(key) === queue) waiters.delete(key);
      resolve();
    };
    const timer = setTimeout(wake, RECHECK_MS * (0.5 + Math.random()));
    queue.push(wake);
  });
}

const wakeNext = (key: string) => waiters.get(key)?.[0]?.();

/** Changes the row under `key` as `change` rules, atomically, and answers what it returned. */
async function changeRow<T>(
  db: Db,
  key: string,
  change: (row: ThrottleRow, now: Date) => { row: ThrottleRow; result: T },
): Promise<T> {
  return db.transaction(async (tx) => {
    // One statement inserts the row or locks the existing one, and returns it either way. (An insert
    // that did nothing followed by SELECT … FOR UPDATE found no row when the clean-up deleted it in
    // between: a 500 under parallel logins.) The update changes nothing; it takes the lock, and
    // PostgreSQL retries the insert if the row it conflicted with is gone.
    const [stored] = await tx
      .insert(loginThrottle)
      .values({ key, expiresAt: sql`now()` })
      .onConflictDoUpdate({ target: loginThrottle.key, set: { key: sql`excluded.key` } })
      .returning({
        attempts: loginThrottle.attempts,
        lockCount: loginThrottle.lockCount,
        lockedUntil: loginThrottle.lockedUntil,
        expiresAt: loginThrottle.expiresAt,
        pending: loginThrottle.pending,
        pendingUntil: loginThrottle.pendingUntil,
        now: sql<string>`now()`,
      });
    if (!stored) throw new Error('login throttle upsert returned no row'); // cannot happen: for the type
    const { now, ...row } = stored;
    const { row: next, result } = change(row, new Date(now));
    await tx.update(loginThrottle).set(next).where(eq(loginThrottle.key, key));
    return result;
  });
}

/**
 * Reserves a place for one attempt under `key` as `decide` rules; while every place is held by
 * parallel attempts it waits (briefly, growing pauses). Answers the seconds to wait, or null: the
 * attempt holds a place and must be settled with settleAttempt.
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  decide: (row: ThrottleRow, now: Date) => ThrottleDecision,
): Promise<number | null> {
  const started = Date.now();
  for (;;) {
    const outcome = await changeRow(db, key, (row, now) => {
      const decision = decide(row, now);
      return { row: decision.row, result: decision.outcome };
    });
    if (outcome === 'go') break;
    if (outcome !== 'wait') return outcome.retryAfterSeconds;
    if (Date.now() - started > MAX_WAIT_MS) return 1;
    await waitForPlace(key);
  }
  await removeExpired(db);
  return null;
}

/** Ends an attempt that reserveAttempt let go ahead, recording whether it failed. */
export async function settleAttempt(
  db: Db,
  key: string,
  settle: (row: ThrottleRow, now: Date) => ThrottleRow,
): Promise<void> {
  try {
    await changeRow(db, key, (row, now) => ({ row: settle(row, now), result: undefined }));
  } finally {
    wakeNext(key);
  }
}

/** A few expired rows at a time, skipping rows another attempt holds, so the table stays small. */
async function removeExpired(db: Db): Promise<void> {
  const expired = db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(
      and(
        lt(loginThrottle.expiresAt, sql`now()`),
        or(isNull(loginThrottle.pendingUntil), lt(loginThrottle.pendingUntil, sql`now()`)),
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, expired));
}
