// Screenshots of the screens issue 57 changed, at 1366, 1920 and 390 px, for a person to look at.
// Runs only when SCREENSHOTS_DIR is set:
// SCREENSHOTS_DIR=/tmp/screens npm run test:e2e -- everyday-round-two-screens
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { isoDayToWire } from '@lp/domain/dates';
import {
  BOOKING_LIST_LABELS as BL,
  LOGIN_LABELS,
  MASTER_DATA_SCREEN_LABELS as MD,
  REPORTING_STATUS_LABELS as RS,
} from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { pickerField } from './support/pickers';
import { addMonths, currentMonth } from '@lp/domain/reporting-status';
import { createBooking, createBookingWorld } from './support/bookings';
import { loginWithStoredSession } from './support/login';

const dir = process.env.SCREENSHOTS_DIR && path.join(process.env.SCREENSHOTS_DIR, 'everyday-57');
test.skip(!dir, 'set SCREENSHOTS_DIR to take screenshots');

const WIDTHS = [1366, 1920, 390] as const;
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(dir ?? '', `${name}.png`), fullPage });

test('Meldestatus', async ({ page, request }) => {
  test.setTimeout(180_000);
  const THIS = currentMonth();
  for (let i = 0; i < 8; i += 1) {
    const world = await createBookingWorld(request);
    for (let m = 1; m < 12 - i; m += 2)
      await createBooking(request, world, {
        invoiceDate: isoDayToWire(`${addMonths(THIS, -m)}-10`),
        net: Math.round(123456 * (i + 1) * m) / 100,
      });
  }
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await loginWithStoredSession(page, `/status?from=${addMonths(THIS, -11)}&until=${THIS}`);
    await expect(page.getByRole('table', { name: RS.matrix }).getByRole('rowheader').first()).toBeVisible({
      timeout: 20_000,
    });
    await shot(page, `status-${width}`);
    await page.getByRole('table', { name: RS.matrix }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 600);
    await shot(page, `status-${width}-scrolled`);
  }
});

test('Systemdatensatz, picker, login lock and the offline page', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  const world = await createBookingWorld(request);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await loginWithStoredSession(page, '/management/debitors/edit?id=999999');
    await expect(page.getByText(MD.systemRecordHint)).toBeVisible({ timeout: 20_000 });
    await shot(page, `reserved-edit-${width}`, true);
    await page.goto('/management/articles');
    await expect(page.getByText(MD.systemRecord, { exact: true })).toBeVisible({ timeout: 20_000 });
    await shot(page, `reserved-list-${width}`);

    await page.goto('/transactions');
    await page.getByRole('button', { name: BL.filter, exact: true }).click();
    const picker = pickerField(page, BL.creditor);
    await picker.click();
    await picker.pressSequentially('Kreditor');
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveAttribute(
      'data-focused',
      'true',
    );
    await shot(page, `picker-${width}`);
  }
  for (let i = 0; i < 5; i += 1) {
    await page.request.post('/api/getsecuretoken', {
      form: { grant_type: 'password', username: world.user.emailAddress, password: 'falsch' },
    });
  }
  await page.evaluate(() => localStorage.clear());
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/login');
    await page.getByLabel(LOGIN_LABELS.username).fill(world.user.emailAddress);
    await page.getByLabel(LOGIN_LABELS.password).fill('falsch');
    await page.getByRole('button', { name: LOGIN_LABELS.submit }).click();
    await expect(page.locator('.login-lock__countdown')).toBeVisible();
    await shot(page, `login-lock-${width}`);
  }
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await loginWithStoredSession(page, '/transactions');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(MESSAGES.serverUnreachable)).toBeVisible({ timeout: 20_000 });
    await shot(page, `offline-${width}`);
    await context.setOffline(false);
  }
});
