// The second factor's rows (user_second_factors, user_recovery_codes). Every state change is one
// conditional statement, so two requests with the same code cannot both be accepted.
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { userRecoveryCodes, userSecondFactors, users } from '../../db/schema';

export interface SecondFactorRow {
  secret: string;
  confirmed: boolean;
  lastTimeStep: number;
}

export async function selectSecondFactor(db: DbOrTx, userId: number): Promise<SecondFactorRow | undefined> {
  const [row] = await db
    .select({
      secret: userSecondFactors.secret,
      confirmed: sql<boolean>`${userSecondFactors.confirmedAt} is not null`,
      lastTimeStep: userSecondFactors.lastTimeStep,
    })
    .from(userSecondFactors)
    .where(eq(userSecondFactors.userId, userId));
  return row;
}

/** Starts (or restarts) an enrolment; false when a confirmed second factor is in place. */
export async function upsertPendingSecret(db: DbOrTx, userId: number, secret: string): Promise<boolean> {
  const rows = await db
    .insert(userSecondFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: userSecondFactors.userId,
      set: { secret, lastTimeStep: 0, createdAt: sql`now()` },
      setWhere: isNull(userSecondFactors.confirmedAt),
    })
    .returning({ userId: userSecondFactors.userId });
  return rows.length > 0;
}

/** Takes the code of `timeStep` unless one of that step or a later one was taken: once only. */
export async function acceptTimeStep(db: DbOrTx, userId: number, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(userSecondFactors)
    .set({ lastTimeStep: timeStep })
    .where(and(eq(userSecondFactors.userId, userId), lt(userSecondFactors.lastTimeStep, timeStep)))
    .returning({ userId: userSecondFactors.userId });
  return rows.length > 0;
}

/** Confirms a pending enrolment with the step of its first code and stores the recovery codes. */
export async function confirmSecondFactor(
  tx: DbOrTx,
  userId: number,
  timeStep: number,
  codeHashes: string[],
): Promise<boolean> {
  const rows = await tx
    .update(userSecondFactors)
    .set({ confirmedAt: sql`now()`, lastTimeStep: timeStep })
    .where(
      and(
        eq(userSecondFactors.userId, userId),
        isNull(userSecondFactors.confirmedAt),
        lt(userSecondFactors.lastTimeStep, timeStep),
      ),
    )
    .returning({ userId: userSecondFactors.userId });
  if (rows.length === 0) return false;
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

/** Uses up one unused recovery code of a confirmed second factor; false when there is none such. */
export async function useRecoveryCode(db: DbOrTx, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Removes a user's second factor and recovery codes; answers whether a confirmed one was removed. */
export async function deleteSecondFactor(tx: DbOrTx, userId: number): Promise<boolean> {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const rows = await tx
    .delete(userSecondFactors)
    .where(eq(userSecondFactors.userId, userId))
    .returning({ confirmed: sql<boolean>`${userSecondFactors.confirmedAt} is not null` });
  return rows.some((row) => row.confirmed);
}

export async function userExists(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return rows.length > 0;
}
