import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';
import type { SessionUser } from './session-user';

const sessionColumns = {
  id: users.id,
  emailAddress: users.emailAddress,
  isAdmin: users.isAdmin,
  isActive: users.isActive,
  creditorNumber: users.creditorNumber,
  tokenVersion: users.tokenVersion,
};

export async function findSessionUser(db: Db, id: number): Promise<SessionUser | undefined> {
  const [row] = await db.select(sessionColumns).from(users).where(eq(users.id, id));
  return row;
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
