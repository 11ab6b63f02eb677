// Screenshots of repair in place at desktop and phone width, for looking at the layout. Runs only when
// SCREENSHOTS_DIR is set: SCREENSHOTS_DIR=/tmp/screens/repair npm run test:e2e -- repair-in-place-screens
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { REPAIR_LABELS as R, UPLOAD_LABELS as L } from '@lp/domain/labels';
import { UPLOAD_COLUMNS } from '@lp/domain/upload-columns';
import { createBookingWorld, daysAgo, germanDate } from './support/bookings';
import { loginWithStoredSession } from './support/login';
import { uniqueNumber } from './support/master-data';

const dir = process.env.SCREENSHOTS_DIR;
test.skip(!dir, 'set SCREENSHOTS_DIR to take screenshots');

const WIDTHS = [1366, 1920, 390] as const;
/** The whole page, and the repair card alone (a long phone page is unreadable when shrunk). */
const shot = async (page: Page, name: string, width: number) => {
  await page.screenshot({ path: path.join(dir ?? '', `${name}-${width}.png`), fullPage: true });
  await page.locator('.repair').screenshot({ path: path.join(dir ?? '', `${name}-card-${width}.png`) });
};

for (const width of WIDTHS) {
  test(`repair in place at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    const world = await createBookingWorld(request);
    const prefix = `SCR-${uniqueNumber()}`;
    const rows = Array.from({ length: 60 }, (_, i) => [
      i === 40 ? '31.02.2026' : germanDate(daysAgo(12)),
      `${prefix}-${i}`,
      i >= 10 && i < 30 ? '99999' : String(world.debitor.number),
      'Grundschule am Rathausplatz, Hausmeisterei',
      String(world.article.number),
      i === 50 ? '12,345' : '1.234,56',
      '',
      String(world.creditor.number),
    ]);
    const lines = [UPLOAD_COLUMNS.map((c) => c.header), ...rows];
    await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
    await page.locator('input[type=file]').setInputFiles({
      name: 'Buchungen März 2026.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.map((l) => `${l.join(';')}\r\n`).join(''), 'utf8'),
    });
    await page.getByRole('button', { name: L.upload, exact: true }).click();
    const grid = page.getByRole('grid', { name: R.grid });
    await expect(grid).toBeVisible();
    await shot(page, 'repair-errors', width);

    // One correction, offered for the other 19 rows.
    const cell = grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '12', exact: true }) })
      .getByRole('gridcell')
      .nth(2);
    await cell.click();
    await page.keyboard.type(String(world.debitor.number));
    await page.keyboard.press('Enter');
    await expect(page.getByText(R.applyToAllQuestion('99999', 19, 'Debitornummer'))).toBeVisible();
    await shot(page, 'repair-offer', width);
    await page.getByRole('button', { name: R.applyToAll(String(world.debitor.number)) }).click();
    await page.getByRole('button', { name: R.check, exact: true }).click();
    await expect(page.getByRole('region', { name: R.groupsHeading })).toBeVisible();
    await shot(page, 'repair-checked', width);
  });

  test(`column mapping at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    const world = await createBookingWorld(request);
    const header = ['Belegdatum', 'Beleg', 'Kunde', 'Lieferort', 'Artikel', 'Betrag'];
    const line = [
      germanDate(daysAgo(5)),
      'B-1',
      String(world.debitor.number),
      'Schule',
      String(world.article.number),
      '99,00',
    ];
    await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
    await page.locator('input[type=file]').setInputFiles({
      name: 'export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, line].map((l) => `${l.join(';')}\r\n`).join(''), 'utf8'),
    });
    await page.getByRole('button', { name: L.upload, exact: true }).click();
    await expect(page.getByRole('heading', { name: R.mappingHeading })).toBeVisible();
    await page
      .getByRole('combobox', { name: 'Belegdatum', exact: true })
      .selectOption({ label: 'Rechnungsdatum' });
    await shot(page, 'column-mapping', width);
  });
}
