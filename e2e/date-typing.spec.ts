// Issue 12 items 1 and 2: every date field takes a date typed as Germans type it, right after Tab.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { isoDayToWire } from '@lp/domain/dates';
import type { Booking } from '@lp/domain/entities';
import { BOOKING_LABELS, INPUT_LABELS, BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { bearer } from './support/api';
import { chooseRecord, pickerField } from './support/pickers';
import { createBooking, createBookingWorld, type BookingWorld } from './support/bookings';
import { loginWithStoredSession } from './support/login';
import { field } from './support/fields';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const saved = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const bodyRows = (page: Page) => page.locator('.bookings-table table tbody tr');
const loginAs = (page: Page, path: string, world: BookingWorld) =>
  loginWithStoredSession(page, path, world.user.emailAddress, world.user.password);

/** Reaches the field with the keyboard: from the control before it, one Tab. */
async function tabInto(page: Page, target: Locator) {
  await target.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(target).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** Types as a person does, key by key, then leaves the field with Tab. */
async function typeAfterTab(page: Page, target: Locator, text: string) {
  await tabInto(page, target);
  await page.keyboard.type(text);
  await expect(target).toHaveValue(text);
  await page.keyboard.press('Tab');
}

async function storedBookings(page: Page, world: BookingWorld, searchQuery: string): Promise<Booking[]> {
  const answer = await page.request.get('/api/transactions', {
    params: { searchQuery },
    headers: bearer(world.token),
  });
  return ((await answer.json()) as { items: Booking[] }).items;
}

test('manual entry: Rechnungsdatum typed as 1.3.2025 after Tab is saved as that day', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await loginAs(page, '/input/manual', world);
  const date = field(page, BOOKING_LABELS.invoiceDate);
  await typeAfterTab(page, date, '1.3.2025');
  await expect(date).toHaveValue('01.03.2025');
  const number = `DT-${Date.now()}`;
  await field(page, BOOKING_LABELS.invoiceNumber).fill(number);
  await field(page, BOOKING_LABELS.net).fill('10');
  await chooseRecord(
    pickerField(page, BOOKING_LABELS.debitorId),
    String(world.debitor.number),
    `${world.debitor.number} – ${world.debitor.name}`,
  );
  await field(page, BOOKING_LABELS.deliveryLocation).fill('Rathaus');
  await chooseRecord(
    pickerField(page, BOOKING_LABELS.articleId),
    String(world.article.number),
    `${String(world.article.number).padStart(6, '0')} – ${world.article.name}`,
  );
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(saved(page, BOOKING_UI_MESSAGES.bookingSaved)).toBeVisible();
  expect((await storedBookings(page, world, number)).map((b) => b.invoiceDate)).toEqual([
    '2025-03-01T00:00:00.000Z',
  ]);
});

test('manual entry: an impossible date stays as typed and is explained at the field', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await loginAs(page, '/input/manual', world);
  const date = field(page, BOOKING_LABELS.invoiceDate);
  await typeAfterTab(page, date, '31.02.2025');
  await expect(date).toHaveValue('31.02.2025');
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toHaveAccessibleDescription(MESSAGES.noSuchDay('31.02.2025'));
});

test('booking edit: Rechnungsdatum retyped as 1.3.2025 after Tab is saved', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  const number = `DE-${Date.now()}`;
  const id = await createBooking(request, world, { invoiceNumber: number });
  await loginAs(page, `/transactions/edit?id=${id}`, world);
  const date = field(page, BOOKING_LABELS.invoiceDate);
  await expect(date).not.toHaveValue('');
  // Tab selects the whole date, so typing replaces it.
  await typeAfterTab(page, date, '1.3.2025');
  await expect(date).toHaveValue('01.03.2025');
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(saved(page, BOOKING_UI_MESSAGES.bookingSaved)).toBeVisible();
  expect((await storedBookings(page, world, number)).map((b) => b.invoiceDate)).toEqual([
    '2025-03-01T00:00:00.000Z',
  ]);
});

test('Leermeldung: Monat typed as 3.2025 after Tab files the report for March 2025', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await loginAs(page, '/input/negative-report', world);
  const month = field(page, BOOKING_LABELS.month);
  await typeAfterTab(page, month, '3.2025');
  await expect(month).toHaveValue('03.2025');
  await button(page, INPUT_LABELS.save).click();
  await expect(saved(page, BOOKING_UI_MESSAGES.emptyReportSaved)).toBeVisible();
  const answer = await page.request.get('/api/transactions', {
    params: { creditor: String(world.creditor.number) },
    headers: bearer(world.token),
  });
  const items = ((await answer.json()) as { items: Booking[] }).items;
  expect(items.map((b) => [b.invoiceDate, b.articleId])).toEqual([['2025-03-01T00:00:00.000Z', 999]]);
});

test('bookings list: von and bis typed as 1.3.2025 after Tab filter to that day', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  for (const day of ['2025-02-28', '2025-03-01', '2025-03-02'])
    await createBooking(request, world, { invoiceNumber: `DF-${day}`, invoiceDate: isoDayToWire(day) });
  await loginAs(page, '/transactions', world);
  await expect(bodyRows(page)).toHaveCount(3);
  await page.getByRole('button', { name: L.filter, exact: true }).click();
  await typeAfterTab(page, field(page, L.invoiceDateFrom), '1.3.2025');
  await expect(page).toHaveURL(/invoiceDateFrom=2025-03-01/);
  await typeAfterTab(page, field(page, L.invoiceDateUntil), '1.3.2025');
  await expect(page).toHaveURL(/invoiceDateUntil=2025-03-01/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('DF-2025-03-01');

  // An impossible "bis" is kept and explained; the filter applied before stays.
  const until = field(page, L.invoiceDateUntil);
  await typeAfterTab(page, until, '31.02.2025');
  await expect(until).toHaveValue('31.02.2025');
  await expect(until).toHaveAccessibleDescription(MESSAGES.noSuchDay('31.02.2025'));
  await expect(page).toHaveURL(/invoiceDateUntil=2025-03-01/);
  await expect(bodyRows(page)).toHaveCount(1);

  // "Filter zurücksetzen" empties both boxes, also a refused date left where no filter is applied.
  // (Tab has moved on to the article picker, whose list of recent choices opens on focus: Escape.)
  const reset = page.getByRole('button', { name: L.resetFilter, exact: true });
  await page.keyboard.press('Escape');
  await reset.click();
  await expect(until).toHaveValue('');
  await expect(bodyRows(page)).toHaveCount(3);
  await typeAfterTab(page, until, '31.02.2025');
  await expect(until).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await reset.click();
  await expect(until).toHaveValue('');
  await expect(until).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).not.toHaveURL(/invoiceDate/);
});
