import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { revokedTokens, users } from '../../db/schema';
import type { SessionUser } from './session-user';

const sessionColumns = {
  id: users.id,
  emailAddress: users.emailAddress,
  isAdmin: users.isAdmin,
  isActive: users.isActive,
  creditorNumber: users.creditorNumber,
  tokenVersion: users.tokenVersion,
};

/** The user of a token, and whether the token was revoked: one query per authenticated request. */
export async function findSessionUser(
  db: Db,
  id: number,
  tokenId: string,
): Promise<(SessionUser & { tokenRevoked: boolean }) | undefined> {
  const [row] = await db
    .select({
      ...sessionColumns,
      tokenRevoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenId} = ${tokenId})`,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Refuses the token from now on; tokens long expired are forgotten along the way. */
export async function revokeToken(db: Db, tokenId: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedTokens).values({ tokenId, expiresAt }).onConflictDoNothing();
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
}

export async function findCredentialsByEmail(
  db: Db,
  email: string,
): Promise<(SessionUser & { passwordHash: string }) | undefined> {
  const [row] = await db
    .select({ ...sessionColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.emailAddress})`, email.trim().toLowerCase()));
  return row;
}
