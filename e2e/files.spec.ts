// Files both ways (decisions.md section 14): the bookings list's export as Excel.
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { BOOKING_LABELS, BOOKING_LIST_LABELS as L, UPLOAD_LABELS } from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { UPLOAD_COLUMNS } from '@lp/domain/upload-columns';
import { createBooking, createBookingWorld, daysAgo, germanDate } from './support/bookings';
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

test('an upload with one error in 40 rows shows it once with its rows, on screen and in the report', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const rows = Array.from({ length: 40 }, (_, i) => ({
    invoiceDate: germanDate(daysAgo(10)),
    invoiceNumber: `GR-${Date.now()}-${i}`,
    debitorNumber: String(world.debitor.number),
    deliveryLocation: 'Rathaus',
    articleNumber: String(world.article.number),
    // Rows 2–41 lack the net; row 42 lacks the delivery location too.
    net: '',
    additionalInformation: '',
    creditorNumber: String(world.creditor.number),
  }));
  rows.push({ ...rows[0]!, invoiceNumber: `GR-${Date.now()}-x`, deliveryLocation: '', net: '5,00' });
  const lines = [
    UPLOAD_COLUMNS.map((c) => c.header),
    ...rows.map((r) => UPLOAD_COLUMNS.map((c) => (r as Record<string, string>)[c.key] ?? '')),
  ];
  await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
  await page.locator('input[type=file]').setInputFiles({
    name: 'buchungen.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.map((cells) => `${cells.join(';')}\r\n`).join(''), 'utf8'),
  });
  await page.getByRole('button', { name: UPLOAD_LABELS.upload, exact: true }).click();
  const errorBox = page.getByRole('alert').filter({ hasText: MESSAGES.validationHeading });
  await expect(errorBox.getByRole('listitem')).toHaveCount(2);
  await expect(errorBox.getByRole('listitem').first()).toHaveText(
    `${BOOKING_LABELS.net}: ${MESSAGES.required} – Zeilen 2–41 (40 Zeilen)`,
  );
  await expect(errorBox.getByRole('listitem').nth(1)).toHaveText(
    `Zeile 42 – ${BOOKING_LABELS.deliveryLocation}: ${MESSAGES.required}`,
  );

  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: UPLOAD_LABELS.downloadReport, exact: true }).click();
  const text = fs.readFileSync(await (await report).path(), 'utf8');
  expect(text.split('\r\n').slice(1, 3)).toEqual([
    `2–41;40;${BOOKING_LABELS.net};${MESSAGES.required};Fehler`,
    `42;1;${BOOKING_LABELS.deliveryLocation};${MESSAGES.required};Fehler`,
  ]);
});
