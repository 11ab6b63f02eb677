// First start: the reserved empty-report master data and an administrator (decisions.md section 1).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  EMPTY_REPORT_ARTICLE_NUMBER,
  EMPTY_REPORT_DEBITOR_NUMBER,
  EMPTY_REPORT_DELIVERY_LOCATION,
  EMPTY_REPORT_NAME,
} from '@lp/domain/reserved-records';
import { hashPassword } from '../lib/passwords';
import type { Db } from './connection';
import { articles, debitors, users } from './schema';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

interface SeedOptions {
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  log: { info(msg: string): void; warn(msg: string): void };
}

/** The administrator a first start created; the password only when it was generated. */
export interface CreatedAdmin {
  email: string;
  generatedPassword: string | undefined;
}

export async function seedSystemRecords(db: Db, options: SeedOptions): Promise<CreatedAdmin | undefined> {
  await db
    .insert(articles)
    .values({ number: EMPTY_REPORT_ARTICLE_NUMBER, name: EMPTY_REPORT_NAME, isActive: true })
    .onConflictDoNothing();
  await db
    .insert(debitors)
    .values({
      number: EMPTY_REPORT_DEBITOR_NUMBER,
      name: EMPTY_REPORT_NAME,
      street: EMPTY_REPORT_DELIVERY_LOCATION,
      zipCode: EMPTY_REPORT_DELIVERY_LOCATION,
      city: EMPTY_REPORT_DELIVERY_LOCATION,
      isActive: true,
    })
    .onConflictDoNothing();

  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return undefined;
  const email = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = options.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  // Two servers starting on one empty database: the unique e-mail index lets only one insert win.
  const inserted = await db
    .insert(users)
    .values({
      emailAddress: email,
      passwordHash: await hashPassword(password),
      isAdmin: true,
      isActive: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return undefined;
  if (options.adminPassword) {
    options.log.info(`Administrator ${email} angelegt (Passwort aus ADMIN_PASSWORD)`);
    return { email, generatedPassword: undefined };
  }
  // Printed once, on purpose: it is the only way to learn a generated password.
  options.log.warn(
    `Administrator ${email} angelegt mit dem Passwort ${password} – bitte nach der Anmeldung ändern`,
  );
  return { email, generatedPassword: password };
}
