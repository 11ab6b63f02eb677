// The upload tab (Datei hochladen) as a supplier uses it: choose a file (dialog, keyboard, drag and
// drop), errors by row with nothing stored, the fixed file stored, duplicates as warnings that can be
// ignored, the error list and the templates as downloads.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Booking } from '@lp/domain/entities';
import {
  BOOKING_EXPORT_COLUMNS,
  BOOKING_LABELS,
  INPUT_LABELS,
  BOOKING_LIST_LABELS,
  UPLOAD_LABELS as L,
} from '@lp/domain/labels';
import { BOOKING_MESSAGES, MESSAGES, UPLOAD_MESSAGES, UPLOAD_UI_MESSAGES } from '@lp/domain/messages';
import { UPLOAD_COLUMNS, type UploadColumnKey } from '@lp/domain/upload-columns';
import { bearer } from './support/api';
import { createBookingWorld, daysAgo, germanDate, type BookingWorld } from './support/bookings';
import { loginWithStoredSession } from './support/login';
import { uniqueNumber } from './support/master-data';

type Row = Partial<Record<UploadColumnKey, string>>;

/** A valid row of the world's supplier; `values` overrides cells ('' leaves one empty). */
function bookingRow(world: BookingWorld, values: Row = {}): Row {
  return {
    invoiceDate: germanDate(daysAgo(10)),
    invoiceNumber: `UP-${uniqueNumber()}`,
    debitorNumber: String(world.debitor.number),
    deliveryLocation: 'Rathaus, Marktplatz 1',
    articleNumber: String(world.article.number),
    net: '1.234,56',
    additionalInformation: '',
    creditorNumber: String(world.creditor.number),
    ...values,
  };
}

/** A CSV file as Excel saves it: the template's header row, ';', CRLF. */
function csvFile(rows: Row[], name = 'buchungen.csv') {
  const lines = [
    UPLOAD_COLUMNS.map((c) => c.header),
    ...rows.map((r) => UPLOAD_COLUMNS.map((c) => r[c.key] ?? '')),
  ];
  return {
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.map((cells) => `${cells.join(';')}\r\n`).join(''), 'utf8'),
  };
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const dropZone = (page: Page) => page.getByRole('button', { name: new RegExp(`^${L.dropZone}`) });
const fileInput = (page: Page) => page.locator('input[type=file]');
const errorBox = (page: Page) => page.getByRole('alert').filter({ hasText: MESSAGES.validationHeading });
const warningBox = (page: Page) => page.getByRole('alert').filter({ hasText: MESSAGES.warningHeading });
const successBanner = (page: Page, count: number) =>
  page.getByRole('status').filter({ hasText: UPLOAD_UI_MESSAGES.bookingsSaved(count) });

async function storedCount(request: APIRequestContext, world: BookingWorld, invoiceNumber: string) {
  const response = await request.get('/api/transactions', {
    params: { searchQuery: invoiceNumber },
    headers: bearer(world.token),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { total: number; items: Booking[] }).total;
}

async function openUploadTab(page: Page, world: BookingWorld) {
  await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
  await expect(button(page, L.upload)).toBeVisible();
}

test('a supplier fixes a file with an error and stores it; the bookings appear in the list', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await openUploadTab(page, world);
  const tabs = page.getByRole('navigation', { name: INPUT_LABELS.tabs });
  await expect(tabs.getByRole('link', { name: INPUT_LABELS.upload })).toHaveAttribute('aria-current', 'page');

  // Nothing to upload yet.
  await expect(button(page, L.upload)).toBeDisabled();
  await expect(button(page, L.ignoreWarningsAndUpload)).toHaveCount(0);

  // Row 3 lacks its net amount.
  const good = bookingRow(world);
  const broken = bookingRow(world, { net: '' });
  const chooser = page.waitForEvent('filechooser');
  await dropZone(page).click();
  await (await chooser).setFiles(csvFile([good, broken]));
  await expect(page.getByText(/^Ausgewählte Datei: buchungen\.csv \(\d+ Byte\)$/)).toBeVisible();
  await button(page, L.upload).click();

  await expect(errorBox(page)).toContainText(`Zeile 3 – ${BOOKING_LABELS.net}: ${MESSAGES.required}`);
  await expect(errorBox(page)).toContainText(MESSAGES.validationOutroFile);
  await expect(errorBox(page).getByRole('listitem')).toHaveCount(1);
  expect(await storedCount(request, world, good.invoiceNumber!)).toBe(0);

  // The list as a CSV file for working through it beside the spreadsheet.
  const report = page.waitForEvent('download');
  await button(page, L.downloadReport).click();
  const download = await report;
  expect(download.suggestedFilename()).toBe('Pruefergebnis.csv');
  const reportText = fs.readFileSync(await download.path(), 'utf8');
  expect(reportText).toBe(
    `\uFEFFZeilen;Anzahl;Feld;Meldung;Art\r\n3;1;${BOOKING_LABELS.net};${MESSAGES.required};Fehler\r\n`,
  );

  // The fixed file: choosing it takes the old answer away.
  const fixed = { ...broken, net: '-45,90' };
  await fileInput(page).setInputFiles(csvFile([good, fixed], 'buchungen-korrigiert.csv'));
  await expect(errorBox(page)).toHaveCount(0);
  await expect(page.getByText(/^Ausgewählte Datei: buchungen-korrigiert\.csv/)).toBeVisible();
  await button(page, L.upload).click();
  await expect(successBanner(page, 2)).toBeVisible();
  await expect(successBanner(page, 2)).toHaveText('2 Buchungen gespeichert.');
  // Stored: the chooser starts over.
  await expect(button(page, L.upload)).toBeDisabled();
  await expect(page.getByText(/^Ausgewählte Datei/)).toHaveCount(0);

  await page.getByRole('link', { name: BOOKING_LIST_LABELS.heading, exact: true }).click();
  const search = page.getByRole('searchbox', { name: BOOKING_LIST_LABELS.search });
  await search.fill(fixed.invoiceNumber!);
  await search.press('Enter');
  await expect(page.getByText(BOOKING_LIST_LABELS.count(1))).toBeVisible();
  const row = page.locator('.bookings-table tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(fixed.invoiceNumber!);
  await expect(row).toContainText('-45,90');
});

test('a duplicate upload warns by row and is stored once the warnings are ignored', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const row = bookingRow(world);
  const file = csvFile([row]);
  await openUploadTab(page, world);

  await fileInput(page).setInputFiles(file);
  await button(page, L.upload).click();
  await expect(successBanner(page, 1)).toHaveText('1 Buchung gespeichert.');

  // The same file again: row 2 is a possible duplicate; nothing is stored yet.
  await fileInput(page).setInputFiles(file);
  await expect(successBanner(page, 1)).toHaveCount(0);
  await button(page, L.upload).click();
  await expect(warningBox(page)).toContainText(MESSAGES.warningIntroFile);
  // The answer takes the keyboard (the button was disabled while the file was checked); Tab goes on
  // to its report and the buttons.
  await expect(page.locator('.upload-feedback')).toBeFocused();
  await expect(warningBox(page)).toContainText(
    // The message names the file's column (Rechnungsnummer), not the form's field.
    `Zeile 2 – ${BOOKING_EXPORT_COLUMNS.invoiceNumber}: ${BOOKING_MESSAGES.possibleDuplicate(row.invoiceDate!, row.invoiceNumber!)}`,
  );
  expect(await storedCount(request, world, row.invoiceNumber!)).toBe(1);
  // Spec: the upload button now offers to check again.
  await expect(button(page, L.upload)).toHaveCount(0);
  await expect(button(page, L.uploadAgain)).toBeEnabled();
  await expect(button(page, L.uploadAgain)).toHaveText('Datei hochladen und erneut prüfen');

  await button(page, L.ignoreWarningsAndUpload).click();
  await expect(successBanner(page, 1)).toBeVisible();
  await expect(warningBox(page)).toHaveCount(0);
  await expect(button(page, L.ignoreWarningsAndUpload)).toHaveCount(0);
  expect(await storedCount(request, world, row.invoiceNumber!)).toBe(2);
});

test('the templates download with their German names', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  await openUploadTab(page, world);

  const csv = page.waitForEvent('download');
  await button(page, L.templateCsv).click();
  const csvDownload = await csv;
  expect(csvDownload.suggestedFilename()).toBe('Vorlage.csv');
  const [header, example] = fs.readFileSync(await csvDownload.path(), 'utf8').split('\r\n');
  expect(header).toBe(`\uFEFF${UPLOAD_COLUMNS.map((c) => c.header).join(';')}`);
  // A supplier's template names its own creditor.
  expect(example?.split(';').at(-1)).toBe(String(world.creditor.number));

  const xlsx = page.waitForEvent('download');
  await button(page, L.templateXlsx).click();
  expect((await xlsx).suggestedFilename()).toBe('Vorlage.xlsx');
});

test('the drop zone takes a dropped file and opens the file dialog from the keyboard', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await openUploadTab(page, world);

  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['Rechnungsdatum;Rechnungsnummer\r\n'], 'gezogen.csv', { type: 'text/csv' }));
    return data;
  });
  await dropZone(page).dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(dropZone(page)).toHaveCount(0); // the zone now says where to drop
  await expect(page.getByRole('button', { name: new RegExp(`^${L.dropZoneActive}`) })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${L.dropZoneActive}`) }).dispatchEvent('drop', {
    dataTransfer: transfer,
  });
  await expect(page.getByText('Ausgewählte Datei: gezogen.csv (32 Byte)')).toBeVisible();
  await expect(button(page, L.upload)).toBeEnabled();

  await dropZone(page).focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  expect((await chooser).isMultiple()).toBe(false);
});

test('files that cannot be sent are refused at once with a reason', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  await openUploadTab(page, world);
  const failure = page.getByRole('alert').filter({ hasText: L.failed });

  // Beyond 20 MB: refused before a single byte travels.
  await fileInput(page).setInputFiles({
    name: 'riesig.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 'a'),
  });
  await expect(failure).toContainText(UPLOAD_MESSAGES.fileTooLarge(20));
  await expect(button(page, L.upload)).toBeDisabled();

  // A file changed on disk after it was chosen cannot be read any more.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-upload-'));
  try {
    const file = path.join(dir, 'buchungen.csv');
    fs.writeFileSync(file, csvFile([bookingRow(world)]).buffer);
    await fileInput(page).setInputFiles(file);
    await expect(failure).toHaveCount(0);
    fs.writeFileSync(file, csvFile([bookingRow(world), bookingRow(world)]).buffer);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    await button(page, L.upload).click();
    await expect(failure).toContainText(UPLOAD_UI_MESSAGES.fileUnreadable);
    await expect(button(page, L.upload)).toBeDisabled();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
