// Files both ways (decisions.md section 14): the bookings list's export as Excel.
import { expect, test, type Page } from '@playwright/test';
import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { createBooking, createBookingWorld } from './support/bookings';
import { loginWithStoredSession } from './support/login';
import { chooseRecord, pickerField } from './support/pickers';

const bodyRows = (page: Page) => page.locator('.bookings-table table tbody tr');

let cspViolations: string[] = [];
test.beforeEach(({ page }) => {
  cspViolations = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
test.afterEach(() => expect(cspViolations).toEqual([]));

test('an admin exports the filtered bookings as Excel and is told how many', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  for (const invoiceNumber of ['0815', '4711E3']) await createBooking(request, world, { invoiceNumber });
  await loginWithStoredSession(page, '/transactions');
  await page.getByRole('button', { name: L.filter, exact: true }).click();
  await chooseRecord(
    pickerField(page, L.creditor),
    world.creditor.name,
    `${world.creditor.number} – ${world.creditor.name}`,
  );
  await page.getByRole('checkbox', { name: L.notExported, exact: true }).check();
  await expect(bodyRows(page)).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: L.exportXlsx }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Buchungen.xlsx');
  await expect(
    page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingsExported(2) }),
  ).toBeVisible();
  await expect(page.getByText(L.empty)).toBeVisible();
});
