// Screenshots of the booking screens at desktop and phone width, for a person to look at. Runs only
// when SCREENSHOTS_DIR is set; the files go to its bookings/ folder:
// SCREENSHOTS_DIR=/tmp/screens npm run test:e2e -- bookings-screens
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { isoDayToWire } from '@lp/domain/dates';
import { BOOKING_EDIT_LABELS, INPUT_LABELS, BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { adminToken, requestToken } from './support/api';
import { createBooking, daysAgo, exportBookings } from './support/bookings';
import { ADMIN } from './support/environment';
import { loginWithStoredSession } from './support/login';
import { createArticle, createCreditor, createDebitor, createUser } from './support/master-data';

const dir = process.env.SCREENSHOTS_DIR && path.join(process.env.SCREENSHOTS_DIR, 'bookings');
test.skip(!dir, 'screenshots only when SCREENSHOTS_DIR is set');

const WIDTHS = [1280, 360] as const;
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: path.join(dir ?? '', `${name}-${width}.png`), fullPage: true });
/** The viewport only, scrolled to the table: long phone pages are unreadable when shrunk. */
const tableShot = async (page: Page, name: string, width: number) => {
  await page.locator('.bookings-table').evaluate((element) => element.scrollIntoView());
  await page.screenshot({ path: path.join(dir ?? '', `${name}-table-${width}.png`) });
};

test('booking screens at 1280 and 360 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const creditor = await createCreditor(request, { name: 'Papier & Bürobedarf Schmidt GmbH' }, admin);
  const user = await createUser(request, { creditorNumber: creditor.number }, admin);
  const debitors = [
    await createDebitor(request, { name: 'Gemeinde Musterstadt – Grundschule am Rathausplatz' }, admin),
    await createDebitor(request, { name: 'Stadt Beispielheim' }, admin),
  ];
  const articles = [
    await createArticle(request, { name: 'Recyclingpapier A4, 80 g/m², 500 Blatt' }, admin),
    await createArticle(request, { name: 'Ordner, Pappe, 8 cm' }, admin),
  ];
  const world = {
    admin,
    creditor,
    user,
    debitor: debitors[0]!,
    article: articles[0]!,
    token: await requestToken(request, user.emailAddress, user.password),
  };
  let firstId = 0;
  for (let i = 0; i < 8; i += 1) {
    const id = await createBooking(request, world, {
      invoiceNumber: `2026-${String(4711 + i)}`,
      invoiceDate: isoDayToWire(daysAgo(3 + i * 4)),
      net: i % 3 === 0 ? -45.9 : Math.round(123456 * (i + 1)) / 100,
      debitorId: debitors[i % 2]!.number,
      articleId: articles[i % 2]!.number,
      deliveryLocation: i % 2 ? 'Rathaus' : 'Hausmeisterei der Grundschule, Eingang Schulstraße',
      additionalInformation: i % 2 ? null : 'Lieferung bis 12 Uhr',
    });
    firstId ||= id;
  }
  // One exported booking: the check in the list, the locked edit form for the supplier.
  await exportBookings(request, [firstId]);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await loginWithStoredSession(page, '/input/manual', user.emailAddress, user.password);
    await expect(page.getByRole('button', { name: INPUT_LABELS.checkAndSave })).toBeVisible();
    await shot(page, 'input-manual-supplier', width);
    await page.getByRole('link', { name: INPUT_LABELS.emptyReport }).click();
    await expect(page.getByRole('button', { name: INPUT_LABELS.save })).toBeVisible();
    await shot(page, 'input-empty-report', width);
    await page.goto('/transactions');
    await expect(page.getByText(L.count(8))).toBeVisible();
    await shot(page, 'list-supplier', width);
    await tableShot(page, 'list-supplier', width);
    await page.goto(`/transactions/edit?id=${firstId}`);
    await expect(page.getByRole('heading', { name: BOOKING_EDIT_LABELS.heading })).toBeVisible();
    await expect(page.getByLabel(/^Lieferort/)).not.toHaveValue('');
    await shot(page, 'edit-supplier', width);

    await page.evaluate(() => localStorage.clear());
    await loginWithStoredSession(page, '/input/manual', ADMIN.email, ADMIN.password);
    await expect(page.getByRole('button', { name: INPUT_LABELS.checkAndSave })).toBeVisible();
    await page.getByRole('button', { name: INPUT_LABELS.checkAndSave }).focus();
    await shot(page, 'input-manual-admin', width);
    await page.goto(`/transactions?creditor=${creditor.number}&sorting=net_desc`);
    await expect(page.getByText(L.count(8))).toBeVisible();
    if (
      (await page.getByRole('button', { name: L.filter, exact: true }).getAttribute('aria-expanded')) !==
      'true'
    ) {
      await page.getByRole('button', { name: L.filter, exact: true }).click();
    }
    await page.getByRole('button', { name: L.selectAll }).click();
    await shot(page, 'list-admin-filter-open', width);
    await tableShot(page, 'list-admin', width);
    await page.goto(`/transactions/edit?id=${firstId}`);
    await expect(page.getByLabel(/^Lieferort/)).not.toHaveValue('');
    await shot(page, 'edit-admin', width);
    await page.evaluate(() => localStorage.clear());
  }
});
