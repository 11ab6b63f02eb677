// Screenshots of the upload tab at desktop and phone width, for looking at the layout. Runs only
// when SCREENSHOTS_DIR is set: SCREENSHOTS_DIR=/tmp/screens/upload npm run test:e2e -- upload-screens
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { UPLOAD_LABELS as L } from '@lp/domain/labels';
import { MESSAGES, UPLOAD_UI_MESSAGES } from '@lp/domain/messages';
import { UPLOAD_COLUMNS } from '@lp/domain/upload-columns';
import { createBookingWorld, daysAgo, germanDate, type BookingWorld } from './support/bookings';
import { loginWithStoredSession } from './support/login';
import { uniqueNumber } from './support/master-data';

const dir = process.env.SCREENSHOTS_DIR;
test.skip(!dir, 'set SCREENSHOTS_DIR to take screenshots');

const WIDTHS = [1280, 360] as const;
/** The whole page, and the upload card alone (a long phone page is unreadable when shrunk). */
const shot = async (page: Page, name: string, width: number) => {
  await page.screenshot({ path: path.join(dir ?? '', `${name}-${width}.png`), fullPage: true });
  await page.locator('.upload-form').screenshot({ path: path.join(dir ?? '', `${name}-form-${width}.png`) });
};

function file(world: BookingWorld, rows: { number: string; net: string; location?: string }[]) {
  const lines = [
    UPLOAD_COLUMNS.map((c) => c.header),
    ...rows.map((r) => [
      germanDate(daysAgo(12)),
      r.number,
      String(world.debitor.number),
      r.location ?? 'Grundschule am Rathausplatz, Hausmeisterei',
      String(world.article.number),
      r.net,
      '',
      String(world.creditor.number),
    ]),
  ];
  return {
    name: 'Buchungen März 2026 – Papier & Bürobedarf Schmidt GmbH.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.map((l) => `${l.join(';')}\r\n`).join(''), 'utf8'),
  };
}

test('upload tab at 1280 and 360 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const world = await createBookingWorld(request);
  const input = page.locator('input[type=file]');

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
    await expect(page.getByRole('button', { name: L.upload })).toBeDisabled();
    await shot(page, 'empty', width);
    await page.locator('.upload-help').screenshot({ path: path.join(dir ?? '', `help-${width}.png`) });

    const numbers = Array.from({ length: 4 }, () => `RE-${uniqueNumber()}`);
    const broken = file(world, [
      { number: numbers[0]!, net: '1.234,56' },
      { number: numbers[1]!, net: '' },
      { number: numbers[2]!, net: '12,345' },
      { number: '', net: '99,00', location: 'x'.repeat(80) },
    ]);
    await input.setInputFiles(broken);
    await shot(page, 'chosen', width);
    await page.getByRole('button', { name: L.upload }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.validationHeading })).toBeVisible();
    await shot(page, 'errors', width);

    const good = file(world, [
      { number: numbers[0]!, net: '1.234,56' },
      { number: numbers[1]!, net: '-45,90' },
    ]);
    await input.setInputFiles(good);
    await page.getByRole('button', { name: L.upload }).click();
    await expect(page.getByText(UPLOAD_UI_MESSAGES.bookingsSaved(2))).toBeVisible();
    await shot(page, 'success', width);

    await input.setInputFiles(good);
    await page.getByRole('button', { name: L.upload }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.warningHeading })).toBeVisible();
    await shot(page, 'warnings', width);
    await page.evaluate(() => localStorage.clear());
  }
});

test('upload progress and the check overlay on a slow line', async ({ page, request }) => {
  test.setTimeout(120_000);
  const world = await createBookingWorld(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
  const rows = Array.from({ length: 8000 }, () => ({ number: `RE-${uniqueNumber()}`, net: '12,50' }));
  await page.locator('input[type=file]').setInputFiles(file(world, rows));
  // About 100 KB/s: the file of about 1 MB travels for a few seconds.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 1_000_000,
    uploadThroughput: 100_000,
  });
  await page.getByRole('button', { name: L.upload }).click();
  const progress = page.getByRole('progressbar', { name: L.sending });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 })
    .toBeGreaterThan(20);
  await shot(page, 'progress', 1280);
  await expect(page.getByText(L.checking)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: path.join(dir ?? '', 'checking-1280.png') });
  await expect(page.getByText(UPLOAD_UI_MESSAGES.bookingsSaved(rows.length))).toBeVisible({
    timeout: 60_000,
  });
});
