// Export and import batches (decisions.md section 11): the admins' Exporte screen with its
// re-download and the batch's bookings, and the upload tab's "Ihre letzten Uploads" with undo, also of
// another user's upload.
import { expect, test, type APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import type { ExportBatch, UploadBatch } from '@lp/domain/entities';
import {
  BOOKING_LIST_LABELS,
  EXPORT_BATCH_LABELS as E,
  NAV_LABELS,
  UPLOAD_BATCH_LABELS as U,
  UPLOAD_LABELS,
} from '@lp/domain/labels';
import { UPLOAD_MESSAGES, UPLOAD_UI_MESSAGES } from '@lp/domain/messages';
import { formatAmount } from '@lp/domain/numbers';
import { UPLOAD_COLUMNS } from '@lp/domain/upload-columns';
import { adminToken, bearer } from './support/api';
import { ADMIN } from './support/environment';
import {
  createBooking,
  createBookingWorld,
  daysAgo,
  exportBookings,
  germanDate,
  type BookingWorld,
} from './support/bookings';
import { loginWithStoredSession } from './support/login';
import { uniqueNumber } from './support/master-data';
import { answerDialog } from './support/dialogs';

async function newestExportBatch(request: APIRequestContext): Promise<ExportBatch> {
  const response = await request.get('/api/exports', { headers: bearer(await adminToken(request)) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ExportBatch[])[0]!;
}

test('an admin downloads an export again, byte for byte, and lists its bookings', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const ids = [
    await createBooking(request, world, { net: 10.5, deliveryLocation: 'Rathaus; Eingang "B"' }),
    await createBooking(request, world, { net: -2.25 }),
  ];
  // The first delivery, as the bookings list's export gets it.
  const first = await request.get('/api/transactions/export-selected', {
    params: new URLSearchParams([['format', 'csv'], ...ids.map((id) => ['items', String(id)])]),
    headers: bearer(await adminToken(request)),
  });
  expect(first.status()).toBe(200);
  const firstBytes = await first.body();
  const batch = await newestExportBatch(request);
  expect(batch).toMatchObject({ count: 2, netSum: 8.25, fileName: 'Buchungen.csv' });

  await loginWithStoredSession(page, '/transactions');
  await page.getByRole('link', { name: NAV_LABELS.exports, exact: true }).click();
  await expect(page).toHaveURL(/\/exports$/);
  await expect(page.getByRole('heading', { name: E.heading, level: 1 })).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: E.downloadNamed(batch.id), exact: true }) });
  await expect(row).toContainText(formatAmount(8.25));
  await expect(row).toContainText(/\d\d\.\d\d\.\d{4} \d\d:\d\d/);

  // From the keyboard: the button keeps it while and after the file downloads.
  const download = page.waitForEvent('download');
  const button = row.getByRole('button', { name: E.downloadNamed(batch.id), exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  const again = await download;
  await expect(button).toBeFocused();
  expect(again.suggestedFilename()).toBe('Buchungen.csv');
  expect(fs.readFileSync(await again.path()).equals(firstBytes)).toBe(true);

  // The batch's bookings: the list filtered by it, the filter shown and removable.
  await row.getByRole('link', { name: E.showBookingsNamed(batch.id), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?exportBatch=${batch.id}$`));
  await expect(page.getByText(BOOKING_LIST_LABELS.count(2))).toBeVisible();
  await expect(page.locator('.filter-chip')).toHaveText(
    new RegExp(BOOKING_LIST_LABELS.exportBatchValue(batch.id)),
  );
  await page.getByRole('button', { name: BOOKING_LIST_LABELS.removeExportBatch }).click();
  await expect(page).toHaveURL(/\/transactions$/);
});

test('a supplier sees no Exporte entry', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  await loginWithStoredSession(page, '/transactions', world.user.emailAddress, world.user.password);
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('link', { name: NAV_LABELS.bookings, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: NAV_LABELS.exports, exact: true })).toHaveCount(0);
});

function csvFile(world: BookingWorld, name: string, count: number) {
  const lines = [UPLOAD_COLUMNS.map((c) => c.header)];
  for (let i = 0; i < count; i += 1) {
    lines.push([
      germanDate(daysAgo(10)),
      `UB-${uniqueNumber()}`,
      String(world.debitor.number),
      'Rathaus',
      String(world.article.number),
      '12,50',
      '',
      String(world.creditor.number),
    ]);
  }
  return { name, mimeType: 'text/csv', buffer: Buffer.from(lines.map((l) => `${l.join(';')}\r\n`).join('')) };
}

async function uploadsOf(request: APIRequestContext, world: BookingWorld): Promise<UploadBatch[]> {
  const response = await request.get('/api/uploads', { headers: bearer(world.token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as UploadBatch[];
}

async function bookingIdsOfCreditor(request: APIRequestContext, world: BookingWorld): Promise<number[]> {
  const response = await request.get('/api/transactions', { headers: bearer(world.token) });
  return ((await response.json()) as { items: { id: number }[] }).items.map((b) => b.id);
}

test('a supplier undoes an upload after confirming; an exported one is refused', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
  const recent = page.getByRole('region', { name: U.heading });
  await expect(recent.getByText(U.empty)).toBeVisible();

  // Upload: the list shows the file at once.
  await page.locator('input[type=file]').setInputFiles(csvFile(world, 'März.csv', 3));
  await page.getByRole('button', { name: UPLOAD_LABELS.upload, exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: UPLOAD_UI_MESSAGES.bookingsSaved(3) }),
  ).toBeVisible();
  const undoMarch = recent.getByRole('button', { name: U.undoNamed('März.csv') });
  await expect(undoMarch).toBeVisible();
  await expect(recent.getByRole('row').filter({ hasText: 'März.csv' })).toContainText(formatAmount(37.5));

  // Declined: nothing happens.
  const declined = answerDialog(page, false);
  await undoMarch.click();
  expect(await declined).toBe(UPLOAD_UI_MESSAGES.undoConfirm('März.csv', 3));
  expect(await bookingIdsOfCreditor(request, world)).toHaveLength(3);

  // Confirmed: the bookings and the row are gone.
  const accepted = answerDialog(page, true);
  await undoMarch.click();
  await accepted;
  await expect(recent.getByRole('status')).toContainText(UPLOAD_UI_MESSAGES.undone('März.csv', 3));
  await expect(undoMarch).toHaveCount(0);
  expect(await bookingIdsOfCreditor(request, world)).toEqual([]);

  // An upload with an exported booking cannot be undone: German message, nothing removed.
  await page.locator('input[type=file]').setInputFiles(csvFile(world, 'April.csv', 2));
  await page.getByRole('button', { name: UPLOAD_LABELS.upload, exact: true }).click();
  const undoApril = recent.getByRole('button', { name: U.undoNamed('April.csv') });
  await expect(undoApril).toBeVisible();
  const stored = await bookingIdsOfCreditor(request, world);
  await exportBookings(request, stored.slice(0, 1));
  const confirmed = answerDialog(page, true);
  await undoApril.click();
  await confirmed;
  await expect(recent.getByRole('alert')).toContainText(UPLOAD_MESSAGES.batchExported);
  expect(await bookingIdsOfCreditor(request, world)).toHaveLength(2);
  expect((await uploadsOf(request, world)).map((b) => b.fileName)).toEqual(['April.csv']);
  // The list now knows: no undo is offered for it, here and on the next visit.
  const april = recent.getByRole('row').filter({ hasText: 'April.csv' });
  await expect(april).toContainText(U.exported);
  await expect(undoApril).toHaveCount(0);
  await page.reload();
  await expect(april).toContainText(U.exported);
  await expect(april.getByRole('button')).toHaveCount(0);
});

test('an admin undoes a supplier’s upload from the list of all uploads', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  const fileName = `Lieferant-${uniqueNumber()}.csv`;
  const file = csvFile(world, fileName, 2);
  const uploaded = await request.post('/api/upload?checkForDuplicates=true', {
    headers: bearer(world.token),
    multipart: { 'uploads[]': file },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  expect(await bookingIdsOfCreditor(request, world)).toHaveLength(2);

  await loginWithStoredSession(page, '/input/csv', ADMIN.email, ADMIN.password);
  // The admin's own uploads first: the supplier's is not among them.
  const own = page.getByRole('region', { name: U.heading });
  await expect(own.getByRole('checkbox', { name: U.mineOnly })).toBeChecked();
  await expect(own.getByRole('row').filter({ hasText: fileName })).toHaveCount(0);
  await own.getByRole('checkbox', { name: U.mineOnly }).uncheck();
  const all = page.getByRole('region', { name: U.headingAll });
  const row = all.getByRole('row').filter({ hasText: fileName });
  await expect(row).toContainText(world.user.emailAddress);
  await expect(row).toContainText(`${world.creditor.number} ${world.creditor.name}`);

  const accepted = answerDialog(page, true);
  await row.getByRole('button', { name: U.undoNamed(fileName) }).click();
  expect(await accepted).toBe(UPLOAD_UI_MESSAGES.undoConfirm(fileName, 2));
  await expect(all.getByRole('status')).toContainText(UPLOAD_UI_MESSAGES.undone(fileName, 2));
  await expect(row).toHaveCount(0);
  expect(await bookingIdsOfCreditor(request, world)).toEqual([]);
});
