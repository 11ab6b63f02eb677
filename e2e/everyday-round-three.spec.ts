// Everyday use, second round, the rest of issue 57: search by what the list shows, in-page dialogs,
// the phone header, and the small ones (created banner, no fetch of a deleted record, read-only
// pickers without chevrons, the Exporte list's batch names, the status chart, the API docs).
import { expect, test } from '@playwright/test';
import { isoDayToWire } from '@lp/domain/dates';
import { BOOKING_LIST_LABELS as BL } from '@lp/domain/labels';
import { createBooking, createBookingWorld, daysAgo, germanDate } from './support/bookings';
import { loginWithStoredSession } from './support/login';

test('the bookings search finds an amount and a date as the list shows them, and says what it searches', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const day = daysAgo(5);
  await createBooking(request, world, { net: 624, invoiceDate: isoDayToWire(daysAgo(40)) });
  await createBooking(request, world, { net: 1234.56, invoiceDate: isoDayToWire(day) });
  await createBooking(request, world, { net: 625, invoiceDate: isoDayToWire(daysAgo(41)) });
  await loginWithStoredSession(page, '/transactions', world.user.emailAddress, world.user.password);
  const search = page.getByRole('searchbox', { name: BL.search });
  await expect(search).toHaveAccessibleDescription(BL.searchHint);
  await expect(page.getByText(BL.searchHint)).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');

  await search.fill('624,00');
  await search.press('Enter');
  await expect(page.getByRole('cell', { name: '625,00' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '624,00' })).toBeVisible();

  await search.fill('1.234,56');
  await search.press('Enter');
  await expect(page.getByRole('cell', { name: '624,00' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '1.234,56' })).toBeVisible();

  await search.fill(germanDate(day));
  await search.press('Enter');
  await expect(page.getByRole('cell', { name: '624,00' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: germanDate(day), exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: '1.234,56' })).toHaveCount(1);
});
