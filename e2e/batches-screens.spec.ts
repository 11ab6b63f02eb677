// Screenshots of the Exporte screen and of "Ihre letzten Uploads" at desktop and phone width, for
// looking at the layout. Runs only when SCREENSHOTS_DIR is set:
// SCREENSHOTS_DIR=/tmp/screens/batches npm run test:e2e -- batches-screens
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { EXPORT_BATCH_LABELS as E, UPLOAD_BATCH_LABELS as U } from '@lp/domain/labels';
import { UPLOAD_COLUMNS } from '@lp/domain/upload-columns';
import { createBooking, createBookingWorld, daysAgo, exportBookings, germanDate } from './support/bookings';
import { loginWithStoredSession } from './support/login';
import { uniqueNumber } from './support/master-data';

const dir = process.env.SCREENSHOTS_DIR;
test.skip(!dir, 'set SCREENSHOTS_DIR to take screenshots');

const WIDTHS = [1280, 360] as const;

test('Exporte and Ihre letzten Uploads at 1280 and 360 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const world = await createBookingWorld(request);
  await exportBookings(request, [await createBooking(request, world, { net: 1234.5 })]);
  await exportBookings(request, [await createBooking(request, world), await createBooking(request, world)]);
  const rows = [UPLOAD_COLUMNS.map((c) => c.header)];
  for (let i = 0; i < 4; i += 1)
    rows.push([
      germanDate(daysAgo(5)),
      `SC-${uniqueNumber()}`,
      String(world.debitor.number),
      'Rathaus',
      String(world.article.number),
      '99,90',
      '',
      String(world.creditor.number),
    ]);
  const file = {
    name: 'Buchungen März 2026 – Papier & Bürobedarf Schmidt GmbH.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.map((l) => `${l.join(';')}\r\n`).join('')),
  };

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await loginWithStoredSession(page, '/exports');
    await expect(page.getByRole('button', { name: E.download }).first()).toBeVisible();
    await page.screenshot({ path: path.join(dir ?? '', `exports-${width}.png`), fullPage: true });

    await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
    if (width === WIDTHS[0]) {
      await page.locator('input[type=file]').setInputFiles(file);
      await page.getByRole('button', { name: 'Datei hochladen und prüfen', exact: true }).click();
    }
    const recent = page.getByRole('region', { name: U.heading });
    await expect(recent.getByRole('button', { name: U.undo }).first()).toBeVisible();
    await recent.screenshot({ path: path.join(dir ?? '', `recent-uploads-${width}.png`) });
    await page.screenshot({ path: path.join(dir ?? '', `upload-tab-${width}.png`), fullPage: true });
  }
});
