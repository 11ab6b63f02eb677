// Small factories for test data: each call makes fresh, unique records.
import { hashPassword } from '../src/modules/auth/passwords';
import type { Db } from '../src/db/connection';
import { articles, creditors, debitors, users } from '../src/db/schema';
import { TEST_PASSWORD } from './test-app';

let sequence = 0;
const next = () => ++sequence;
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

export async function createCreditor(db: Db, values: Partial<typeof creditors.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(creditors)
    .values({ number: 70000 + n, name: `Lieferant ${n} GmbH`, isActive: true, ...values })
    .returning();
  return row!;
}

export async function createArticle(db: Db, values: Partial<typeof articles.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(articles)
    .values({ number: 1000 + n, name: `Artikel ${n}`, isActive: true, ...values })
    .returning();
  return row!;
}

export async function createDebitor(db: Db, values: Partial<typeof debitors.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(debitors)
    .values({
      number: 10000 + n,
      name: `Gemeinde ${n}`,
      street: `Rathausplatz ${n}`,
      zipCode: '60311',
      city: 'Frankfurt am Main',
      isActive: true,
      ...values,
    })
    .returning();
  return row!;
}

/** A user whose password is TEST_PASSWORD. Without creditorNumber and isAdmin a creditor is created. */
export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const creditorNumber =
    values.creditorNumber !== undefined || values.isAdmin
      ? (values.creditorNumber ?? null)
      : (await createCreditor(db)).number;
  const [row] = await db
    .insert(users)
    .values({
      emailAddress: `user${n}-${Date.now()}@test.example`,
      passwordHash: await testPasswordHash(),
      isAdmin: false,
      isActive: true,
      ...values,
      creditorNumber,
    })
    .returning();
  return row!;
}
