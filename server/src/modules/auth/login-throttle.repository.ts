// The login throttling counters in PostgreSQL: one locked row per key while an attempt is decided.
import crypto from 'node:crypto';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { loginThrottle } from '../../db/schema';
import type { ThrottleDecision, ThrottleRow } from './login-throttle';

export const addressKey = (ip: string) => `address:${ip}`;

/** User names as the login looks them up (trimmed, lower case), hashed: fixed length, no address stored. */
export const accountKey = (username: string) =>
  `account:${crypto.createHash('sha256').update(username.trim().toLowerCase()).digest('hex')}`;

/** Counts one attempt under `key` as `decide` rules, atomically; answers the seconds to wait or null. */
export async function reserveAttempt(
  db: Db,
  key: string,
  decide: (row: ThrottleRow, now: Date) => ThrottleDecision,
): Promise<number | null> {
  const retryAfter = await db.transaction(async (tx) => {
    // One statement inserts the row or locks the existing one, and returns it either way. (An insert
    // that did nothing followed by SELECT … FOR UPDATE found no row when a success or the clean-up
    // deleted it in between: a 500 under parallel logins.) The update changes nothing; it takes the
    // lock, and PostgreSQL retries the insert if the row it conflicted with is gone.
    const [stored] = await tx
      .insert(loginThrottle)
      .values({ key, expiresAt: sql`now()` })
      .onConflictDoUpdate({ target: loginThrottle.key, set: { key: sql`excluded.key` } })
      .returning({
        attempts: loginThrottle.attempts,
        lockCount: loginThrottle.lockCount,
        lockedUntil: loginThrottle.lockedUntil,
        expiresAt: loginThrottle.expiresAt,
        now: sql<string>`now()`,
      });
    if (!stored) throw new Error('login throttle upsert returned no row'); // cannot happen: for the type
    const { now, ...row } = stored;
    const decision = decide(row, new Date(now));
    await tx.update(loginThrottle).set(decision.row).where(eq(loginThrottle.key, key));
    return decision.retryAfterSeconds;
  });
  await removeExpired(db);
  return retryAfter;
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** A few expired rows at a time, skipping rows another attempt holds, so the table stays small. */
async function removeExpired(db: Db): Promise<void> {
  const expired = db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(lt(loginThrottle.expiresAt, sql`now()`))
    .limit(100)
    .for('update', { skipLocked: true });
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, expired));
}
