// Repair in place (issue 55): an upload with errors opens the file's rows in an editable grid; the
// user fixes the cells there (one correction for every row with the same value), checks again and
// imports the rows as one upload batch. A file with unknown headers asks which column is which and
// remembers it. All under the app's CSP.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Booking } from '@lp/domain/entities';
import { REPAIR_LABELS as R, UPLOAD_BATCH_LABELS, UPLOAD_LABELS as L } from '@lp/domain/labels';
import { MESSAGES, UPLOAD_UI_MESSAGES } from '@lp/domain/messages';
import { UPLOAD_COLUMNS } from '@lp/domain/upload-columns';
import { bearer } from './support/api';
import { createBookingWorld, daysAgo, germanDate, type BookingWorld } from './support/bookings';
import { cspViolations, watchCspViolations } from './support/csp';
import { loginWithStoredSession } from './support/login';
import { uniqueNumber } from './support/master-data';

const HEADERS = UPLOAD_COLUMNS.map((c) => c.header);

function csv(name: string, header: readonly string[], rows: readonly (readonly string[])[]) {
  return {
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...rows].map((cells) => `${cells.join(';')}\r\n`).join(''), 'utf8'),
  };
}

/** A row in template order; `debitor` and `date` may be wrong. */
function row(world: BookingWorld, prefix: string, n: number, { debitor = '', date = '' } = {}) {
  return [
    date || germanDate(daysAgo(10)),
    `${prefix}-${n}`,
    debitor || String(world.debitor.number),
    'Rathaus, Marktplatz 1',
    String(world.article.number),
    '12,50',
    '',
    String(world.creditor.number),
  ];
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const grid = (page: Page) => page.getByRole('grid', { name: R.grid });
/** The grid cell of a file row (by its row number) and column (by position in the file). */
const cell = (page: Page, rowNumber: number, column: number) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: String(rowNumber), exact: true }) })
    .getByRole('gridcell')
    .nth(column);

async function stored(request: APIRequestContext, world: BookingWorld, prefix: string) {
  const response = await request.get('/api/transactions', {
    params: { searchQuery: prefix },
    headers: bearer(world.token),
  });
  return ((await response.json()) as { total: number; items: Booking[] }).total;
}

async function openUploadTab(page: Page, world: BookingWorld) {
  await watchCspViolations(page);
  await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
  await expect(button(page, L.upload)).toBeVisible();
}

test('a supplier fixes the faulty cells of an upload in the grid and imports the rows', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const prefix = `REP-${uniqueNumber()}`;
  // Rows 3–27 name a debitor that does not exist; row 30 has an impossible date.
  const rows = Array.from({ length: 30 }, (_, i) =>
    row(world, prefix, i + 2, {
      debitor: i >= 1 && i <= 25 ? '99999' : '',
      date: i === 28 ? '31.02.2026' : '',
    }),
  );
  await openUploadTab(page, world);
  await page.locator('input[type=file]').setInputFiles(csv('buchungen.csv', HEADERS, rows));
  await button(page, L.upload).click();

  // The repeated message is one line naming its rows; only the faulty rows are shown.
  await expect(grid(page)).toBeVisible();
  await expect(page.getByRole('alert').getByText(/Zeilen 3–27 \(25 Zeilen\)/)).toBeVisible();
  await expect(page.getByText(R.shownRows(26, 30))).toBeVisible();
  const debitorColumn = HEADERS.indexOf('Debitornummer');
  const dateColumn = HEADERS.indexOf('Rechnungsdatum');
  await expect(cell(page, 3, debitorColumn)).toHaveAttribute('aria-invalid', 'true');
  await expect(cell(page, 3, dateColumn)).not.toHaveAttribute('aria-invalid');

  // Keyboard only: into the grid, to the debitor of row 3, type the right number, Enter.
  await cell(page, 3, dateColumn).click();
  for (let i = 0; i < debitorColumn - dateColumn; i += 1) await page.keyboard.press('ArrowRight');
  await expect(cell(page, 3, debitorColumn)).toBeFocused();
  await page.keyboard.type(String(world.debitor.number));
  await page.keyboard.press('Enter');
  await expect(cell(page, 3, debitorColumn)).toHaveText(String(world.debitor.number));
  await expect(page.getByText(R.applyToAllQuestion('99999', 24, 'Debitornummer'))).toBeVisible();
  await button(page, R.applyToAll(String(world.debitor.number))).click();
  await expect(page.getByText(R.applyToAllDone(24))).toBeVisible();

  // Checked again: only the date of row 30 is left, reached through its message.
  await button(page, R.check).click();
  const groups = page.getByRole('region', { name: R.groupsHeading });
  await expect(groups).toContainText('Rechnungsdatum');
  await expect(groups.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.validationHeading })).toHaveCount(0);
  await groups.getByRole('button', { name: R.showRow(30) }).click();
  await expect(cell(page, 30, dateColumn)).toBeFocused();
  await cell(page, 30, dateColumn).dblclick();
  const editor = page.getByRole('textbox', { name: R.editCell('Rechnungsdatum', 30) });
  await editor.fill(germanDate(daysAgo(3)));
  await editor.press('Enter');
  await expect(cell(page, 30, dateColumn)).toHaveText(germanDate(daysAgo(3)));

  await button(page, R.check).click();
  await expect(page.getByText(R.checkedClean)).toBeVisible();
  expect(await stored(request, world, prefix)).toBe(0);

  await button(page, R.import).click();
  await expect(
    page.getByRole('status').filter({ hasText: UPLOAD_UI_MESSAGES.bookingsSaved(30) }),
  ).toBeVisible();
  await expect(grid(page)).toHaveCount(0);
  expect(await stored(request, world, prefix)).toBe(30);
  // One batch, as a file is, in the list of recent uploads.
  const recent = page.getByRole('region', { name: UPLOAD_BATCH_LABELS.heading });
  await expect(recent.getByText('buchungen.csv').first()).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);
});

test('a file with unknown headers asks which column is which, and the choice is remembered', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const prefix = `MAP-${uniqueNumber()}`;
  const header = ['Belegdatum', 'Beleg', 'Kunde', 'Lieferort', 'Artikel', 'Betrag'];
  const line = (n: number) => [
    germanDate(daysAgo(5)),
    `${prefix}-${n}`,
    String(world.debitor.number),
    'Schule',
    String(world.article.number),
    '99,00',
  ];
  await openUploadTab(page, world);
  await page.locator('input[type=file]').setInputFiles(csv('export.csv', header, [line(1), line(2)]));
  await button(page, L.upload).click();

  await expect(page.getByRole('heading', { name: R.mappingHeading })).toBeVisible();
  // Lieferort is the upload's own header: chosen already.
  await expect(page.getByRole('combobox', { name: 'Lieferort', exact: true })).toHaveValue(
    'deliveryLocation',
  );
  for (const [fileHeader, column] of [
    ['Belegdatum', 'Rechnungsdatum'],
    ['Beleg', 'Rechnungsnummer'],
    ['Kunde', 'Debitornummer'],
    ['Artikel', 'Artikelnummer'],
    ['Betrag', 'Nettobetrag'],
  ] as const) {
    await page.getByRole('combobox', { name: fileHeader, exact: true }).selectOption({ label: column });
  }
  await button(page, R.mappingApply).click();
  await expect(page.getByText(R.checkedClean)).toBeVisible();
  await button(page, R.import).click();
  await expect(
    page.getByRole('status').filter({ hasText: UPLOAD_UI_MESSAGES.bookingsSaved(2) }),
  ).toBeVisible();
  expect(await stored(request, world, prefix)).toBe(2);

  // The next file of this layout: the mapping is taken over without asking.
  await page.locator('input[type=file]').setInputFiles(csv('export-2.csv', header, [line(3)]));
  await button(page, L.upload).click();
  await expect(page.getByText(R.mappingRemembered)).toBeVisible();
  await expect(page.getByText(R.checkedClean)).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);
});

test('20,000 rows open in the grid without freezing the page', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  const prefix = `BIG-${uniqueNumber()}`;
  const rows = Array.from({ length: 20_000 }, (_, i) =>
    row(world, prefix, i + 2, { debitor: i === 19_990 ? '99999' : '' }),
  );
  await openUploadTab(page, world);
  await page.locator('input[type=file]').setInputFiles(csv('gross.csv', HEADERS, rows));
  await button(page, L.upload).click();
  await expect(grid(page)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: R.onlyFaulty }).uncheck();
  await expect(page.getByText(R.shownRows(20_000, 20_000))).toBeVisible();
  // Only the rows in view are in the page.
  expect(await grid(page).getByRole('row').count()).toBeLessThan(80);
  // The page answers at once: a frame within 200 ms while scrolling to the end.
  const started = Date.now();
  await grid(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(grid(page).getByRole('rowheader', { name: '20001', exact: true })).toBeVisible();
  expect(Date.now() - started).toBeLessThan(2_000);
  const frame = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        requestAnimationFrame(() => resolve(performance.now() - t0));
      }),
  );
  expect(frame).toBeLessThan(200);
  await expect(cell(page, 19_992, HEADERS.indexOf('Debitornummer'))).toHaveAttribute('aria-invalid', 'true');
});
