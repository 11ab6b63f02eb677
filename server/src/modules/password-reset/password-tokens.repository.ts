// The links that let a user set a password (decisions.md section 13): 32 random bytes, of which only
// the SHA-256 is stored; each is used once and expires.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { passwordTokens } from '../../db/schema';

export type TokenPurpose = 'reset' | 'invitation';

const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest();

/** A new token for `userId`, valid `lifetimeSeconds`; returns the token itself (for the link only). */
export async function createPasswordToken(
  tx: DbOrTx,
  userId: number,
  purpose: TokenPurpose,
  lifetimeSeconds: number,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await tx.insert(passwordTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})`,
  });
  return token;
}

export type TokenUse = { userId: number } | { problem: 'unknown' | 'expired' | 'used' };

/**
 * Uses the token: locks its row, and marks it used when it is still good. Two confirmations of one
 * token at once: the second waits for the first and finds it used.
 */
export async function usePasswordToken(tx: DbOrTx, token: string): Promise<TokenUse> {
  const [row] = await tx
    .select({
      id: passwordTokens.id,
      userId: passwordTokens.userId,
      usedAt: passwordTokens.usedAt,
      expired: sql<boolean>`${passwordTokens.expiresAt} <= now()`,
    })
    .from(passwordTokens)
    .where(eq(passwordTokens.tokenHash, hashToken(token)))
    .for('update');
  if (!row) return { problem: 'unknown' };
  if (row.usedAt) return { problem: 'used' };
  if (row.expired) return { problem: 'expired' };
  await tx
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(passwordTokens.id, row.id));
  // A password set: every other link of the user is void too.
  await tx
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(sql`${passwordTokens.userId} = ${row.userId} and ${passwordTokens.usedAt} is null`);
  return { userId: row.userId };
}
