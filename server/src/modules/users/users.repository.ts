import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection';
import { users } from '../../db/schema';

/** Every column an answer or export may show: never the password hash. */
const publicColumns = {
  id: users.id,
  emailAddress: users.emailAddress,
  isAdmin: users.isAdmin,
  isActive: users.isActive,
  creditorNumber: users.creditorNumber,
  /** Not answered in the JSON: the ETag of one user (http/record-version.ts). */
  version: users.version,
};

export interface UserValues {
  emailAddress: string;
  isAdmin: boolean;
  isActive: boolean;
  creditorNumber: number | null;
}

export function selectUsers(db: Db) {
  return db
    .select(publicColumns)
    .from(users)
    .orderBy(asc(sql`lower(${users.emailAddress})`), asc(users.id));
}

export async function selectUser(db: DbOrTx, id: number) {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Only to check a user's current password before a change of its own login. */
export async function findPasswordHash(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row?.passwordHash;
}

/** E-mail addresses are unique regardless of case (the unique index on lower(email_address)). */
export async function emailAddressTaken(db: Db, emailAddress: string, exceptId?: number): Promise<boolean> {
  const sameAddress = eq(sql`lower(${users.emailAddress})`, emailAddress.toLowerCase());
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId === undefined ? sameAddress : and(sameAddress, ne(users.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertUser(db: DbOrTx, values: UserValues & { passwordHash: string }): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

/**
 * `revokeTokens` bumps the token version: every token issued before is refused from the next
 * request on (password change, deactivation).
 */
export async function updateUserRow(
  db: DbOrTx,
  id: number,
  values: UserValues & { passwordHash?: string },
  revokeTokens: boolean,
): Promise<boolean> {
  const result = await db
    .update(users)
    .set({
      ...values,
      version: sql`${users.version} + 1`,
      ...(revokeTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(eq(users.id, id));
  return (result.rowCount ?? 0) > 0;
}

/** The user's version, its row locked until the transaction ends; undefined when there is none. */
export async function lockUserVersion(tx: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await tx.select({ version: users.version }).from(users).where(eq(users.id, id)).for('update');
  return row?.version;
}

export async function deleteUserRow(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.delete(users).where(eq(users.id, id));
  return (result.rowCount ?? 0) > 0;
}

/**
 * Ids of the active admins, their rows locked until the transaction ends: two admins demoting each
 * other at the same moment queue up here, and the second sees the first one's change.
 */
export async function lockActiveAdminIds(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
    .for('update');
  return rows.map((r) => r.id);
}
