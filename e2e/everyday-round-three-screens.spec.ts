// Screenshots of the screens the rest of issue 57 changed, at 1366, 1920 and 390 px, for a person to
// look at. Runs only when SCREENSHOTS_DIR is set:
// SCREENSHOTS_DIR=/tmp/screens npm run test:e2e -- everyday-round-three-screens
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { isoDayToWire } from '@lp/domain/dates';
import { BOOKING_LIST_LABELS as BL, UI_LABELS } from '@lp/domain/labels';
import { addMonths, currentMonth } from '@lp/domain/reporting-status';
import { createBooking, createBookingWorld, daysAgo, exportBookings } from './support/bookings';
import { loginWithStoredSession } from './support/login';

const dir = process.env.SCREENSHOTS_DIR && path.join(process.env.SCREENSHOTS_DIR, 'everyday-57b');
test.skip(!dir, 'set SCREENSHOTS_DIR to take screenshots');

const WIDTHS = [1366, 1920, 390] as const;
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(dir ?? '', `${name}.png`), fullPage });

test('search hint, dialogs and the phone header', async ({ page, request }) => {
  test.setTimeout(180_000);
  const world = await createBookingWorld(request);
  const id = await createBooking(request, world, { net: 624, invoiceDate: isoDayToWire(daysAgo(5)) });
  await exportBookings(request, [id]);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await loginWithStoredSession(
      page,
      `/transactions?searchQuery=624%2C00&creditor=${world.creditor.number}`,
    );
    await expect(page.getByRole('cell', { name: '624,00' })).toBeVisible({ timeout: 20_000 });
    await shot(page, `search-${width}`);
    await page
      .getByRole('checkbox', { name: new RegExp(`^${BL.selectRow('')}`.slice(0, 8)) })
      .first()
      .check();
    await page.getByRole('button', { name: BL.delete, exact: true }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await shot(page, `dialog-${width}`);
    await page.keyboard.press('Escape');
    if (width === 390) {
      const menu = page.getByRole('button', { name: UI_LABELS.menuButton });
      await shot(page, `header-closed-${width}`);
      await menu.click();
      await shot(page, `header-open-${width}`);
      await menu.click();
    }
  }
});

test('Meldestatus range row', async ({ page, request }) => {
  test.setTimeout(120_000);
  const world = await createBookingWorld(request);
  await createBooking(request, world, { invoiceDate: isoDayToWire(`${addMonths(currentMonth(), -1)}-10`) });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await loginWithStoredSession(page, '/status');
    await expect(page.getByRole('group', { name: 'Zeitraum' }).or(page.locator('.status-range'))).toBeVisible(
      {
        timeout: 20_000,
      },
    );
    await expect(page.locator('.status-chart .recharts-line')).toBeVisible({ timeout: 20_000 });
    await shot(page, `status-admin-${width}`);
    await page.evaluate(() => localStorage.clear());
    await loginWithStoredSession(page, '/status', world.user.emailAddress, world.user.password);
    await expect(page.locator('.status-range')).toBeVisible({ timeout: 20_000 });
    await shot(page, `status-supplier-${width}`);
    await page.evaluate(() => localStorage.clear());
  }
});

test('exported booking, Exporte, the API docs', async ({ page, request }) => {
  test.setTimeout(180_000);
  const world = await createBookingWorld(request);
  const id = await createBooking(request, world, { net: 1234.5 });
  await exportBookings(request, [id]);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await loginWithStoredSession(
      page,
      `/transactions/edit?id=${id}`,
      world.user.emailAddress,
      world.user.password,
    );
    await expect(page.locator('.record-combobox').first()).toBeVisible({ timeout: 20_000 });
    await shot(page, `exported-booking-${width}`, true);
    await page.evaluate(() => localStorage.clear());
    await loginWithStoredSession(page, '/exports');
    await expect(page.getByRole('cell', { name: '1.234,50 €' }).first()).toBeVisible({ timeout: 20_000 });
    await shot(page, `exports-${width}`);
    await page.goto('/api/docs');
    await expect(page.locator('.opblock-tag').first()).toBeVisible({ timeout: 20_000 });
    await shot(page, `api-docs-${width}`);
    await page.goto('/transactions');
    await page.evaluate(() => localStorage.clear());
  }
});
