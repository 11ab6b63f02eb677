import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { users } from '../../db/schema';

/** E-mail addresses of the creditor's active users, for the urgency e-mail. */
export async function findActiveUserEmailAddresses(db: Db, creditorNumber: number): Promise<string[]> {
  const rows = await db
    .select({ emailAddress: users.emailAddress })
    .from(users)
    .where(and(eq(users.creditorNumber, creditorNumber), eq(users.isActive, true)))
    .orderBy(asc(sql`lower(${users.emailAddress})`));
  return rows.map((r) => r.emailAddress);
}
