// Screenshots of the screens issue 57 changed, at 1366, 1920 and 390 px, for a person to look at.
// Runs only when SCREENSHOTS_DIR is set:
// SCREENSHOTS_DIR=/tmp/screens npm run test:e2e -- everyday-round-two-screens
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { isoDayToWire } from '@lp/domain/dates';
import { REPORTING_STATUS_LABELS as RS } from '@lp/domain/labels';
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
