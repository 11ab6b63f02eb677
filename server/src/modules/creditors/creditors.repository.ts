import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';

/**
 * E-mail addresses of the creditor's active supplier users, for the urgency e-mail. An admin has no
 * creditor (users.service.ts); admins are left out all the same, so a row from before that rule
 * (migration 0043 clears them) never puts an admin into a supplier's e-mail.
 */
export async function findActiveUserEmailAddresses(db: Db, creditorNumber: number): Promise<string[]> {
  const rows = await db
    .select({ emailAddress: users.emailAddress })
    .from(users)
    .where(and(eq(users.creditorNumber, creditorNumber), eq(users.isActive, true), eq(users.isAdmin, false)))
    .orderBy(asc(sql`lower(${users.emailAddress})`));
  return rows.map((r) => r.emailAddress);
}
