// Factories for test data: each call makes fresh, unique records. Naming: `createX` stores a record
// directly (no API, no validation), `xBody` builds a request body, `findX`/`countX` read what is stored.
import { eq, sql } from 'drizzle-orm';
import { isoDayToWire, todayIsoDay } from '@lp/domain/dates';
import type { BookingInput } from '@lp/domain/entities';
import { hashPassword } from '../src/lib/passwords';
import type { Db } from '../src/db/connection';
import { articles, bookings, creditors, debitors, users } from '../src/db/schema';
import { insertBookings, type NewBookingRow } from '../src/modules/bookings/bookings.repository';
import { ADMIN_EMAIL, TEST_PASSWORD, type TestApp } from './test-app';

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

// ---- Bookings -------------------------------------------------------------------------------------

/** A calendar day relative to Germany's today: daysAgo(0) is today. */
export function daysAgo(days: number): string {
  const [y, m, d] = todayIsoDay().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

const randomInvoiceNumber = () => `RE-${Math.random().toString(36).slice(2, 10)}`;

type BookingValues = Partial<typeof bookings.$inferInsert>;

/** Stores a booking directly (no validation); the master data it does not name is created. */
export async function createBooking(db: Db, values: BookingValues = {}) {
  const [row] = await db
    .insert(bookings)
    .values({
      invoiceDate: '2026-01-15',
      invoiceNumber: randomInvoiceNumber(),
      net: '100.00',
      deliveryLocation: 'Rathaus',
      creationUserEmailAddress: ADMIN_EMAIL,
      ...values,
      creditorNumber: values.creditorNumber ?? (await createCreditor(db)).number,
      articleNumber: values.articleNumber ?? (await createArticle(db)).number,
      debitorNumber: values.debitorNumber ?? (await createDebitor(db)).number,
    })
    .returning();
  return row!;
}

/** A supplier's world: its creditor, user and tokens, one active debitor and article. */
export interface World {
  adminToken: string;
  supplierToken: string;
  supplierEmail: string;
  creditorNumber: number;
  creditorName: string;
  debitorNumber: number;
  debitorName: string;
  articleNumber: number;
  articleName: string;
}

/** A creditor with a supplier user, one active debitor and article, and the tokens of both roles. */
export async function createWorld(t: TestApp): Promise<World> {
  const creditor = await createCreditor(t.db);
  const user = await createUser(t.db, { creditorNumber: creditor.number });
  const debitor = await createDebitor(t.db);
  const article = await createArticle(t.db);
  return {
    adminToken: await t.login(ADMIN_EMAIL),
    supplierToken: await t.login(user.emailAddress),
    supplierEmail: user.emailAddress,
    creditorNumber: creditor.number,
    creditorName: creditor.name,
    debitorNumber: debitor.number,
    debitorName: debitor.name,
    articleNumber: article.number,
    articleName: article.name,
  };
}

/** Stores a booking of the world (its creditor, debitor, article; its supplier created it) directly. */
export async function createWorldBooking(db: Db, w: World, values: BookingValues = {}) {
  const [row] = await db
    .insert(bookings)
    .values({ ...worldBookingRow(w, { invoiceDate: daysAgo(20), net: '100.00' }), ...values })
    .returning();
  return row!;
}

/** A row for insertBookings (the app's insert) of the world's creditor, debitor and article. */
export function worldBookingRow(w: World, values: Partial<NewBookingRow> = {}): NewBookingRow {
  return {
    invoiceDate: '2025-06-01',
    invoiceNumber: randomInvoiceNumber(),
    net: '10.00',
    debitorNumber: w.debitorNumber,
    deliveryLocation: 'Lager',
    articleNumber: w.articleNumber,
    additionalInformation: null,
    creditorNumber: w.creditorNumber,
    creationUserEmailAddress: w.supplierEmail,
    ...values,
  };
}

/**
 * `count` open bookings of the world in one insert, each with long lines (~300 bytes in an export), so
 * that an export of a few thousand outgrows a socket's buffers; their ids.
 */
export async function createLongWorldBookings(db: Db, w: World, count: number): Promise<number[]> {
  return insertBookings(
    db,
    Array.from({ length: count }, (_, i) =>
      worldBookingRow(w, {
        invoiceDate: '2025-05-05',
        invoiceNumber: `ABBRUCH-${i}-`.padEnd(50, 'x'),
        net: '19.99',
        deliveryLocation: `Lieferort ${i} `.repeat(8).slice(0, 75),
        additionalInformation: `Zusatz ${i * 7919} `.repeat(8).slice(0, 75),
      }),
    ),
  );
}

/** A valid request body of a booking of the world's creditor (what the form sends). */
export function bookingBody(w: World, values: Partial<BookingInput> = {}): BookingInput {
  return {
    invoiceDate: isoDayToWire(daysAgo(10)),
    invoiceNumber: randomInvoiceNumber(),
    net: 1234.5,
    debitorId: w.debitorNumber,
    deliveryLocation: 'Rathaus, Hauptstraße 1',
    articleId: w.articleNumber,
    additionalInformation: 'Lieferung an Hausmeister',
    creditorId: w.creditorNumber,
    ...values,
  };
}

export async function countBookings(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from transactions`);
  return rows[0]!.n;
}

export async function findBooking(db: Db, id: number) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}
