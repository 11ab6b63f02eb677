// Test data for the bookings tests: a supplier world (creditor, user, token, master data) and
// bookings stored directly, with any export or creation date.
import { eq, sql } from 'drizzle-orm';
import { isoDayToWire, todayIsoDay } from '@lp/domain/dates';
import type { BookingInput } from '@lp/domain/entities';
import { createArticle, createCreditor, createDebitor, createUser } from '../../../test/factories';
import { ADMIN_EMAIL, type TestApp } from '../../../test/test-app';
import { bookings } from '../../db/schema';

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

/** A calendar day relative to Germany's today: daysAgo(0) is today. */
export function daysAgo(days: number): string {
  const [y, m, d] = todayIsoDay().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** A valid booking body of the world's creditor. */
export function bookingBody(w: World, values: Partial<BookingInput> = {}): BookingInput {
  return {
    invoiceDate: isoDayToWire(daysAgo(10)),
    invoiceNumber: `RE-${Math.random().toString(36).slice(2, 10)}`,
    net: 1234.5,
    debitorId: w.debitorNumber,
    deliveryLocation: 'Rathaus, Hauptstraße 1',
    articleId: w.articleNumber,
    additionalInformation: 'Lieferung an Hausmeister',
    creditorId: w.creditorNumber,
    ...values,
  };
}

type BookingValues = Partial<typeof bookings.$inferInsert>;

/** Stores a booking directly (no validation), of the world's creditor unless told otherwise. */
export async function storeBooking(t: TestApp, w: World, values: BookingValues = {}) {
  const [row] = await t.db
    .insert(bookings)
    .values({
      invoiceDate: daysAgo(20),
      invoiceNumber: `RE-${Math.random().toString(36).slice(2, 10)}`,
      net: '100.00',
      debitorNumber: w.debitorNumber,
      deliveryLocation: 'Lager',
      articleNumber: w.articleNumber,
      additionalInformation: null,
      creditorNumber: w.creditorNumber,
      creationUserEmailAddress: w.supplierEmail,
      ...values,
    })
    .returning();
  return row!;
}

export async function countBookings(t: TestApp): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from transactions`);
  return rows[0]!.n;
}

export async function findStored(t: TestApp, id: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}
