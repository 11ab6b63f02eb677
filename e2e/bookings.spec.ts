// The booking screens as a supplier and an admin use them: input tabs, the bookings list (search,
// sort, page, delete, export) and the edit form with its locks and version check.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { isoDayToWire } from '@lp/domain/dates';
import type { Booking } from '@lp/domain/entities';
import {
  BOOKING_EDIT_LABELS,
  BOOKING_LABELS,
  INPUT_LABELS,
  BOOKING_LIST_LABELS as L,
  UI_LABELS,
} from '@lp/domain/labels';
import { BOOKING_MESSAGES, BOOKING_UI_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { bearer } from './support/api';
import {
  createBooking,
  createBookingWorld,
  daysAgo,
  exportBookings,
  germanDate,
  type BookingWorld,
} from './support/bookings';
import { ADMIN } from './support/environment';
import { loginWithStoredSession } from './support/login';
import { chooseRecord, pickerField } from './support/pickers';
import { field } from './support/fields';
import { answerDialog } from './support/dialogs';

// A field by its label; required fields' labels end in an asterisk.
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const table = (page: Page) => page.locator('.bookings-table table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const columnHeader = (page: Page, label: string) => table(page).getByRole('columnheader', { name: label });
/** The place of an action's answer holding this message: it has the keyboard after the action. */
const answerBox = (page: Page, message: Locator) => page.locator('.status-box', { has: message });

async function typeDate(input: Locator, text: string) {
  await input.click();
  await input.pressSequentially(text);
  await input.blur();
}

/** Fills the manual entry form as a user does. */
async function fillBooking(
  page: Page,
  world: BookingWorld,
  values: { number: string; net: string; date: string },
) {
  await typeDate(field(page, BOOKING_LABELS.invoiceDate), values.date);
  await field(page, BOOKING_LABELS.invoiceNumber).fill(values.number);
  await field(page, BOOKING_LABELS.net).fill(values.net);
  await chooseRecord(
    pickerField(page, BOOKING_LABELS.debitorId),
    world.debitor.name,
    `${world.debitor.number} – ${world.debitor.name}`,
  );
  await field(page, BOOKING_LABELS.deliveryLocation).fill('Grundschule am Park');
  await chooseRecord(
    pickerField(page, BOOKING_LABELS.articleId),
    String(world.article.number),
    `${String(world.article.number).padStart(6, '0')} – ${world.article.name}`,
  );
  await field(page, BOOKING_LABELS.additionalInformation).fill('Lieferung an den Hausmeister');
}

// The screens load their styles with their code: nothing may break the Content-Security-Policy.
let cspViolations: string[] = [];
test.beforeEach(({ page }) => {
  cspViolations = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
test.afterEach(() => expect(cspViolations).toEqual([]));

const loginAs = (page: Page, path: string, world?: BookingWorld) =>
  world
    ? loginWithStoredSession(page, path, world.user.emailAddress, world.user.password)
    : loginWithStoredSession(page, path, ADMIN.email, ADMIN.password);

test('a supplier enters a booking, is warned of the duplicate and stores it anyway', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await loginAs(page, '/input', world);
  await expect(page).toHaveURL(/\/input\/manual$/);
  const tabs = page.getByRole('navigation', { name: INPUT_LABELS.tabs });
  await expect(tabs.getByRole('link', { name: INPUT_LABELS.manual })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: INPUT_LABELS.emptyReport })).toBeVisible();

  // The supplier's creditor is fixed and shown as 'number – name'.
  await expect(field(page, BOOKING_LABELS.creditorId)).toHaveValue(
    `${world.creditor.number} – ${world.creditor.name}`,
  );
  await expect(field(page, BOOKING_LABELS.invoiceNumber)).toHaveAttribute('placeholder', '#1000');
  await expect(field(page, BOOKING_LABELS.net)).toHaveAttribute('placeholder', '0,00');
  const save = button(page, INPUT_LABELS.checkAndSave);
  await expect(save).toBeDisabled();

  const values = { number: `RE-${Date.now()}`, net: '1234,5', date: germanDate(daysAgo(3)) };
  await fillBooking(page, world, values);
  await expect(field(page, BOOKING_LABELS.net)).toHaveValue('1.234,50');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingSaved })).toBeVisible();
  // The form starts over, the cursor in its first field for the next booking; the creditor stays
  // the supplier's.
  await expect(field(page, BOOKING_LABELS.invoiceNumber)).toHaveValue('');
  await expect(field(page, BOOKING_LABELS.invoiceDate)).toHaveValue('');
  await expect(field(page, BOOKING_LABELS.invoiceDate)).toBeFocused();
  await expect(field(page, BOOKING_LABELS.creditorId)).toHaveValue(
    `${world.creditor.number} – ${world.creditor.name}`,
  );
  await expect(save).toBeDisabled();

  // The same booking again: a warning, nothing stored until the user ignores it.
  await fillBooking(page, world, values);
  await save.click();
  const warning = page.getByRole('alert').filter({ hasText: MESSAGES.warningHeading });
  await expect(warning).toContainText(MESSAGES.warningIntro);
  await expect(warning).toContainText(BOOKING_MESSAGES.possibleDuplicate(values.date, values.number));
  // The warning has the keyboard; the button that stores anyway is a few Tabs after it.
  await expect(answerBox(page, warning)).toBeFocused();
  await button(page, INPUT_LABELS.ignoreWarningsAndSave).click();
  await expect(page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingSaved })).toBeVisible();
  await expect(warning).toHaveCount(0);

  const stored = await request.get('/api/transactions', {
    params: { searchQuery: values.number },
    headers: bearer(world.token),
  });
  const page1 = (await stored.json()) as { total: number; items: Booking[] };
  expect(page1.total).toBe(2);
  expect(page1.items[0]).toMatchObject({ net: 1234.5, creationUserEmailAddress: world.user.emailAddress });
});

test('a broken rule shows at its field while typing and keeps saving disabled', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  await loginAs(page, '/input/manual', world);
  // The form checks the rules of the server's shared schema: a net of 0 is refused before sending.
  await fillBooking(page, world, { number: 'RE-0', net: '0', date: germanDate(daysAgo(1)) });
  await expect(page.getByText(BOOKING_MESSAGES.netZero)).toBeVisible();
  await expect(button(page, INPUT_LABELS.checkAndSave)).toBeDisabled();
});

test('a supplier files an empty report once per month', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  await loginAs(page, '/input/manual', world);
  await page.getByRole('link', { name: INPUT_LABELS.emptyReport }).click();
  await expect(page).toHaveURL(/\/input\/negative-report$/);
  await expect(field(page, BOOKING_LABELS.creditorId)).toHaveValue(
    `${world.creditor.number} – ${world.creditor.name}`,
  );
  const save = button(page, INPUT_LABELS.save);
  await expect(save).toBeDisabled();
  await typeDate(field(page, BOOKING_LABELS.month), '01.2024');
  await expect(field(page, BOOKING_LABELS.month)).toHaveValue('01.2024');
  await save.click();
  await expect(
    page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.emptyReportSaved }),
  ).toBeVisible();
  await expect(field(page, BOOKING_LABELS.month)).toHaveValue('');
  await expect(field(page, BOOKING_LABELS.month)).toBeFocused();

  await typeDate(field(page, BOOKING_LABELS.month), '01.2024');
  await save.click();
  const errors = page.getByRole('alert').filter({ hasText: MESSAGES.validationHeading });
  await expect(errors).toContainText(BOOKING_MESSAGES.emptyReportAlreadyExists('01.2024'));
});

test('at 1280 px a page of long names shows all twelve columns without scrolling sideways', async ({
  page,
  request,
}) => {
  // Names as long as those of real municipal clients and suppliers (decision 0047: with whole-word
  // headers such a page needed ~1,260 of the 1,230 px).
  const world = await createBookingWorld(request, {
    creditor: 'Umweltdruckerei Hessen GmbH',
    debitor: 'Stadtbibliothek Rüsselsheim am Main',
    article: 'Schreibtisch FSC-Buche, 160 × 80 cm',
  });
  for (let i = 1; i <= 3; i += 1) {
    await createBooking(request, world, {
      invoiceNumber: `RE-2026-0${i}417`,
      net: 1234.5 * i,
      deliveryLocation: 'Stadtbibliothek Rüsselsheim, Marktplatz 4',
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, '/transactions', world);
  await expect(bodyRows(page)).toHaveCount(3);
  const frame = page.locator('.bookings-table');
  const overflow = await frame.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBe(0);
  await expect(columnHeader(page, L.columns.creationEmailAddress)).toBeInViewport();
});

test('a supplier searches, sorts, pages, edits and deletes bookings', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  // 55 bookings: two pages. Amounts 10..550, so sorting by net is easy to check.
  const ids: number[] = [];
  for (let i = 1; i <= 55; i += 1) {
    ids.push(
      await createBooking(request, world, {
        invoiceNumber: `SP-${String(i).padStart(3, '0')}`,
        net: i * 10,
        invoiceDate: isoDayToWire(daysAgo(i)),
      }),
    );
  }
  await loginAs(page, '/transactions', world);
  await expect(page.getByText(L.count(55))).toBeVisible();
  await expect(page.getByText(`${L.netSum}: 15.400,00 €`)).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(50);
  // Newest first by default: the last created is on top.
  await expect(bodyRows(page).first()).toContainText('SP-055');

  // Paging keeps the page in the URL; back returns to page 1.
  await page.getByRole('button', { name: UI_LABELS.page(2) }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(bodyRows(page)).toHaveCount(5);
  await page.goBack();
  await expect(bodyRows(page)).toHaveCount(50);

  // Sorting: a new column ascending, the same column again descending; it survives a reload.
  const netHeader = columnHeader(page, L.columns.net);
  await netHeader.getByRole('button').click();
  await expect(netHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(bodyRows(page).first()).toContainText('10,00');
  await netHeader.getByRole('button').click();
  await expect(netHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sorting=net_desc/);
  await page.reload();
  await expect(columnHeader(page, L.columns.net)).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page).first()).toContainText('550,00');
  // A new sort on page 2 starts at page 1 again: the top ranks, not ranks 51–55.
  await page.getByRole('button', { name: UI_LABELS.page(2) }).click();
  await expect(bodyRows(page)).toHaveCount(5);
  await columnHeader(page, L.columns.net).getByRole('button').click();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(bodyRows(page)).toHaveCount(50);
  await expect(bodyRows(page).first()).toContainText('10,00');
  await columnHeader(page, L.columns.invoiceNumber).getByRole('button').click();
  await expect(columnHeader(page, L.columns.invoiceNumber)).toHaveAttribute('aria-sort', 'ascending');
  await expect(columnHeader(page, L.columns.net)).not.toHaveAttribute('aria-sort', /.+/);

  // The filter on page 2 goes back to page 1.
  await page.getByRole('button', { name: UI_LABELS.page(2) }).click();
  await expect(page).toHaveURL(/page=2/);
  const search = page.getByRole('searchbox', { name: L.search });
  await search.fill('SP-042');
  await search.press('Enter');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/searchQuery=SP-042/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText(L.count(1))).toBeVisible();

  // Edit the booking found, then return to the list as it was.
  await bodyRows(page).first().getByRole('link', { name: 'SP-042' }).click();
  await expect(page.getByRole('heading', { level: 1, name: BOOKING_EDIT_LABELS.heading })).toBeVisible();
  await expect(field(page, BOOKING_LABELS.invoiceNumber)).toHaveValue('SP-042');
  await expect(field(page, BOOKING_LABELS.net)).toHaveValue('420,00');
  await expect(field(page, BOOKING_LABELS.creationUserEmailAddress)).toHaveValue(world.user.emailAddress);
  await expect(field(page, BOOKING_LABELS.creationDate)).toHaveValue(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  // Suppliers get no button to ignore warnings on the edit form (spec section 2).
  await expect(button(page, INPUT_LABELS.ignoreWarningsAndSave)).toHaveCount(0);
  await field(page, BOOKING_LABELS.deliveryLocation).fill('Turnhalle Nord');
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingSaved })).toBeVisible();
  await expect(field(page, BOOKING_LABELS.deliveryLocation)).toHaveValue('Turnhalle Nord');
  // The form reloads the stored booking (new version); the banner stays and has the keyboard (the
  // button was disabled while saving: the focus must not fall back to the page's top).
  await page.waitForLoadState('networkidle');
  const saved = page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingSaved });
  await expect(saved).toBeVisible();
  await expect(answerBox(page, saved)).toBeFocused();
  await page.getByRole('link', { name: UI_LABELS.backToOverview }).click();
  await expect(page).toHaveURL(/searchQuery=SP-042/);
  await expect(bodyRows(page).first()).toContainText('Turnhalle Nord');

  // Delete: nothing selected is refused with a note; a selected row goes after confirmation.
  const nothing = answerDialog(page, true);
  await page.getByRole('button', { name: L.delete, exact: true }).click();
  expect(await nothing).toBe(BOOKING_UI_MESSAGES.deleteNothingSelected);
  await page.getByRole('checkbox', { name: L.selectRow('SP-042') }).check();
  const confirmation = answerDialog(page, true);
  await page.getByRole('button', { name: L.delete, exact: true }).click();
  expect(await confirmation).toBe(BOOKING_UI_MESSAGES.deleteConfirm(1));
  await expect(
    page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingsDeleted(1) }),
  ).toBeVisible();
  await expect(page.getByText(L.empty)).toBeVisible();
  // The supplier has no export link.
  await expect(page.getByRole('button', { name: new RegExp(`^${L.export}`) })).toHaveCount(0);
});

test('an admin exports bookings, sees them marked exported and is warned before exporting again', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  for (const invoiceNumber of ['EX-1', 'EX-2', 'EX-3'])
    await createBooking(request, world, { invoiceNumber });
  await loginAs(page, '/transactions');

  // Filter the new creditor's bookings that were not exported yet.
  await page.getByRole('button', { name: L.filter, exact: true }).click();
  await chooseRecord(
    pickerField(page, L.creditor),
    world.creditor.name,
    `${world.creditor.number} – ${world.creditor.name}`,
  );
  await page.getByRole('checkbox', { name: L.notExported, exact: true }).check();
  await expect(page).toHaveURL(new RegExp(`creditor=${world.creditor.number}`));
  await expect(bodyRows(page)).toHaveCount(3);

  // Only not-exported bookings are in the filter: the export asks nothing.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: L.exportCsv }).click();
  expect((await download).suggestedFilename()).toBe('Buchungen.csv');
  // The list reloads: the exported bookings leave the "not exported" filter.
  await expect(page.getByText(L.empty)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Without the filter they show as exported.
  await page.getByRole('checkbox', { name: L.notExported, exact: true }).uncheck();
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(bodyRows(page).getByRole('img', { name: 'ja' })).toHaveCount(3);

  // Exporting the filter again warns of the re-export; declined, nothing is downloaded.
  const reexport = answerDialog(page, false);
  await page.getByRole('button', { name: L.exportCsv }).click();
  expect(await reexport).toBe(BOOKING_UI_MESSAGES.exportAllConfirm);

  // A selection of exported bookings names their count.
  await page.getByRole('button', { name: L.selectAll }).click();
  await expect(page.getByText(L.selectedCount(3))).toBeVisible();
  const selected = answerDialog(page, false);
  await page.getByRole('button', { name: L.exportCsv }).click();
  expect(await selected).toBe(BOOKING_UI_MESSAGES.exportSelectedConfirm(3, 3));

  // The header's checkbox does the same for the page, and shows a partial selection as mixed.
  await page.getByRole('button', { name: L.selectNone }).click();
  const pageBox = page.getByRole('checkbox', { name: L.selectPage });
  await expect(pageBox).not.toBeChecked();
  await pageBox.check();
  await expect(page.getByText(L.selectedCount(3))).toBeVisible();
  await pageBox.uncheck();
  await expect(page.getByText(L.selectedCount(3))).toHaveCount(0);

  // An admin may delete exported bookings after a warning about third-party systems.
  await page.getByRole('checkbox', { name: L.selectRow('EX-2') }).check();
  await expect(pageBox).toHaveJSProperty('indeterminate', true);
  const deletion = answerDialog(page, true);
  await page.getByRole('button', { name: L.delete, exact: true }).click();
  expect(await deletion).toBe(BOOKING_UI_MESSAGES.deleteExportedConfirm(1, 1));
  await expect(bodyRows(page)).toHaveCount(2);
});

test('a supplier cannot change an exported booking; an admin can after confirming', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const id = await createBooking(request, world, { invoiceNumber: 'LOCK-1' });
  await exportBookings(request, [id]);

  await loginAs(page, '/transactions', world);
  await expect(bodyRows(page)).toHaveCount(1);
  // No checkbox: an exported booking cannot be selected by a supplier.
  await expect(bodyRows(page).getByRole('checkbox')).toHaveCount(0);
  await bodyRows(page).getByRole('link', { name: 'LOCK-1' }).click();
  await expect(page.getByRole('alert').filter({ hasText: BOOKING_MESSAGES.exportedLocked })).toBeVisible();
  await expect(button(page, INPUT_LABELS.checkAndSave)).toBeDisabled();
  await expect(field(page, BOOKING_LABELS.deliveryLocation)).toBeDisabled();

  await page.evaluate(() => localStorage.clear());
  await loginAs(page, `/transactions/edit?id=${id}`);
  await expect(field(page, BOOKING_LABELS.deliveryLocation)).toBeEnabled();
  await field(page, BOOKING_LABELS.deliveryLocation).fill('Bauhof');
  const confirmation = answerDialog(page, true);
  await button(page, INPUT_LABELS.checkAndSave).click();
  expect(await confirmation).toBe(BOOKING_UI_MESSAGES.saveExportedConfirm);
  await expect(page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingSaved })).toBeVisible();
  await expect(button(page, INPUT_LABELS.ignoreWarningsAndSave)).toBeVisible();
});

test('a booking changed meanwhile is not overwritten: the server’s message and a reload', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const id = await createBooking(request, world, { invoiceNumber: 'VER-1', deliveryLocation: 'Alt' });
  await loginAs(page, `/transactions/edit?id=${id}`, world);
  await expect(field(page, BOOKING_LABELS.deliveryLocation)).toHaveValue('Alt');

  // Someone else saves first.
  const current = (await (
    await request.get(`/api/transactions/${id}`, { headers: bearer(world.token) })
  ).json()) as Booking;
  const update = await request.put(`/api/transactions/${id}?checkForDuplicates=false`, {
    data: { ...current, deliveryLocation: 'Neu von nebenan' },
    headers: bearer(world.token),
  });
  expect(update.status()).toBe(200);

  await field(page, BOOKING_LABELS.deliveryLocation).fill('Meine Änderung');
  await button(page, INPUT_LABELS.checkAndSave).click();
  const conflict = page.getByRole('alert').filter({ hasText: BOOKING_MESSAGES.versionConflict });
  await expect(conflict).toBeVisible();
  await expect(answerBox(page, conflict)).toBeFocused();
  await page.getByRole('button', { name: BOOKING_EDIT_LABELS.reload }).click();
  await expect(field(page, BOOKING_LABELS.deliveryLocation)).toHaveValue('Neu von nebenan');
  await expect(page.getByText(BOOKING_MESSAGES.versionConflict)).toHaveCount(0);
});

test('an empty report opens with its month and moves to another month', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  const id = await createBooking(request, world, {
    invoiceDate: isoDayToWire('2024-02-01'),
    articleId: 999,
    debitorId: 999999,
  });
  await loginAs(page, `/transactions/edit?id=${id}`, world);
  await expect(page.getByText(INPUT_LABELS.emptyReport, { exact: true })).toBeVisible();
  const month = field(page, BOOKING_LABELS.month);
  await expect(month).toHaveValue('02.2024');
  await expect(field(page, BOOKING_LABELS.articleId)).toHaveCount(0);
  await month.fill('');
  await typeDate(month, '03.2024');
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(
    page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.emptyReportSaved }),
  ).toBeVisible();
  const stored = (await (
    await request.get(`/api/transactions/${id}`, { headers: bearer(world.token) })
  ).json()) as Booking;
  expect(stored).toMatchObject({ invoiceDate: '2024-03-01T00:00:00.000Z', articleId: 999, net: 0 });
});

test("a first visit asks for the list once, before the screen's code has run, and shows the page's list", async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  for (const net of [10, 30, 20]) await createBooking(request, world, { net });
  const listRequests: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/transactions') listRequests.push(url.search);
  });
  // The list's own URL for 'net descending': one request, the early one (the page URL's parameters;
  // the screen would add page=1), and the rows in its order.
  await loginAs(page, '/transactions?sorting=net_desc', world);
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(bodyRows(page).first()).toContainText('30,00');
  await expect(bodyRows(page).last()).toContainText('10,00');
  await page.waitForLoadState('networkidle');
  expect(listRequests).toEqual(['?sorting=net_desc']);

  // A URL written by hand, in another order than the list writes it: the early answer is not taken,
  // the screen asks itself.
  listRequests.length = 0;
  await page.goto('/transactions?sorting=net&page=1');
  await expect(bodyRows(page).first()).toContainText('10,00');
  await expect(bodyRows(page).last()).toContainText('30,00');
  expect(listRequests).toEqual(['?sorting=net&page=1', '?page=1&sorting=net']);
});
