import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { revokedTokens, userSecondFactors, users } from '../../db/schema';
import type { SessionUser } from './session-user';

const sessionColumns = {
  id: users.id,
  emailAddress: users.emailAddress,
  isAdmin: users.isAdmin,
  isActive: users.isActive,
  creditorNumber: users.creditorNumber,
  tokenVersion: users.tokenVersion,
  secondFactor: sql<boolean>`exists (select 1 from ${userSecondFactors}
    where ${userSecondFactors.userId} = ${users.id} and ${userSecondFactors.confirmedAt} is not null)`,
};

function prepareSessionUserQuery(db: Db) {
  return db
    .select({
      ...sessionColumns,
      tokenRevoked: sql<boolean>`exists (select 1 from ${revokedTokens}
        where ${revokedTokens.tokenId} = ${sql.placeholder('tokenId')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('session_user');
}

/**
 * Every authenticated request runs this query, so it is built once per database handle and sent as a
 * named statement, which PostgreSQL parses once per connection (docs/performance.md, change 19).
 */
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUserQuery>>();

/** What the session check reads: the token's user and whether the token was revoked. */
export type SessionCheck = (SessionUser & { tokenRevoked: boolean }) | undefined;

/** The user of a token, and whether the token was revoked: one query per authenticated request. */
export async function findSessionUser(db: Db, id: number, tokenId: string): Promise<SessionCheck> {
  let query = sessionUserQueries.get(db);
  if (!query) sessionUserQueries.set(db, (query = prepareSessionUserQuery(db)));
  const [row] = await query.execute({ id, tokenId });
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
