// Bookings for specs, stored through the API (faster than the input screen where the screen itself
// is not under test).
import { expect, type APIRequestContext } from '@playwright/test';
import { isoDayToWire, todayIsoDay } from '@lp/domain/dates';
import type { BookingSaveResult, BookingInput } from '@lp/domain/entities';
import { adminToken, bearer, requestToken } from './api';
import { createArticle, createDebitor, createSupplier } from './master-data';

/** A calendar day relative to Germany's today, 'YYYY-MM-DD': daysAgo(0) is today. */
export function daysAgo(days: number): string {
  const [y, m, d] = todayIsoDay().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → 'dd.MM.yyyy', as a user types it. */
export const germanDate = (isoDay: string) => isoDay.split('-').reverse().join('.');

/**
 * A supplier with its own debitor and article: everything needed to book. Their names are short
 * unless given.
 */
export async function createBookingWorld(
  request: APIRequestContext,
  names: { creditor?: string; debitor?: string; article?: string } = {},
) {
  const admin = await adminToken(request);
  const named = (name: string | undefined) => (name === undefined ? {} : { name });
  const { creditor, user } = await createSupplier(request, admin, named(names.creditor));
  const debitor = await createDebitor(request, named(names.debitor), admin);
  const article = await createArticle(request, named(names.article), admin);
  const token = await requestToken(request, user.emailAddress, user.password);
  return { admin, creditor, user, debitor, article, token };
}
export type BookingWorld = Awaited<ReturnType<typeof createBookingWorld>>;

/** Stores a booking of the world's creditor (duplicate check off), returns its id. */
export async function createBooking(
  request: APIRequestContext,
  world: BookingWorld,
  values: Partial<BookingInput> = {},
  token: string = world.token,
): Promise<number> {
  const body: BookingInput = {
    invoiceDate: isoDayToWire(daysAgo(30)),
    invoiceNumber: `RE-${Math.random().toString(36).slice(2, 9)}`,
    net: 100,
    debitorId: world.debitor.number,
    deliveryLocation: 'Rathaus',
    articleId: world.article.number,
    additionalInformation: null,
    creditorId: world.creditor.number,
    ...values,
  };
  const response = await request.post('/api/transactions?checkForDuplicates=false', {
    data: body,
    headers: bearer(token),
  });
  expect(response.status()).toBe(200);
  const result = (await response.json()) as BookingSaveResult;
  expect(result.errors).toEqual([]);
  return result.id as number;
}

/** Exports bookings as admin (marks them exported), as the list's export link does. */
export async function exportBookings(request: APIRequestContext, ids: number[]) {
  const response = await request.get('/api/transactions/export-selected', {
    params: new URLSearchParams([['format', 'csv'], ...ids.map((id) => ['items', String(id)])]),
    headers: bearer(await adminToken(request)),
  });
  expect(response.status()).toBe(200);
}
