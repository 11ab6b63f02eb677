// Everyday use of the input screen and the master data (issue 12 items 7, 8 and 10): typed values
// survive an expired session and a tab switch, warnings belong to the values checked, and the
// master-data screens read the same everywhere.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TEXT_MAX_LENGTH } from '@lp/domain/limits';
import { EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import {
  BOOKING_LABELS,
  INPUT_LABELS,
  LOGIN_LABELS,
  MANAGEMENT_LABELS,
  MASTER_DATA_SCREEN_LABELS as MD,
  UI_LABELS,
} from '@lp/domain/labels';
import { BOOKING_MESSAGES, BOOKING_UI_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { ACCESS_TOKEN_KEY } from '../web/src/lib/storage-keys';
import { bearer } from './support/api';
import { chooseRecord, pickerField } from './support/pickers';
import {
  createBooking,
  createBookingWorld,
  daysAgo,
  germanDate,
  type BookingWorld,
} from './support/bookings';
import { loginWithStoredSession } from './support/login';
import { createCreditor } from './support/master-data';
import { field } from './support/fields';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const saved = (page: Page) => page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingSaved });

async function typeMasked(input: Locator, text: string) {
  await input.click();
  await input.pressSequentially(text);
  await input.blur();
}

const debitorLabel = (world: BookingWorld) => `${world.debitor.number} – ${world.debitor.name}`;
const articleLabel = (world: BookingWorld) =>
  `${String(world.article.number).padStart(6, '0')} – ${world.article.name}`;

async function fillBooking(page: Page, world: BookingWorld, values: { number: string; date: string }) {
  await typeMasked(field(page, BOOKING_LABELS.invoiceDate), values.date);
  await field(page, BOOKING_LABELS.invoiceNumber).fill(values.number);
  await field(page, BOOKING_LABELS.net).fill('250');
  await chooseRecord(
    pickerField(page, BOOKING_LABELS.debitorId),
    String(world.debitor.number),
    debitorLabel(world),
  );
  await field(page, BOOKING_LABELS.deliveryLocation).fill('Kita Sonnenschein');
  await chooseRecord(
    pickerField(page, BOOKING_LABELS.articleId),
    String(world.article.number),
    articleLabel(world),
  );
}

async function expectBooking(page: Page, world: BookingWorld, values: { number: string; date: string }) {
  await expect(field(page, BOOKING_LABELS.invoiceDate)).toHaveValue(values.date);
  await expect(field(page, BOOKING_LABELS.invoiceNumber)).toHaveValue(values.number);
  await expect(field(page, BOOKING_LABELS.net)).toHaveValue('250,00');
  await expect(field(page, BOOKING_LABELS.deliveryLocation)).toHaveValue('Kita Sonnenschein');
  await expect(pickerField(page, BOOKING_LABELS.debitorId)).toHaveValue(debitorLabel(world));
}

/** Ends the page's session on the server, as an expiry or a logout elsewhere would. */
async function revokeSession(page: Page) {
  const token = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
  expect(token).not.toBeNull();
  const response = await page.request.post('/api/logout', { headers: bearer(token!) });
  expect(response.ok()).toBe(true);
}

async function loginAgain(page: Page, world: BookingWorld) {
  await page.getByLabel(LOGIN_LABELS.username).fill(world.user.emailAddress);
  await page.getByLabel(LOGIN_LABELS.password).fill(world.user.password);
  await page.getByRole('button', { name: LOGIN_LABELS.submit }).click();
}

test('an expired session keeps the typed booking and restores it after the new login', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);
  const values = { number: `SE-${Date.now()}`, date: germanDate(daysAgo(2)) };
  await fillBooking(page, world, values);
  await revokeSession(page);

  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.sessionExpiredDraftsKept })).toBeVisible();
  // Never the password: the drafts hold booking fields only.
  const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
  expect(stored).toContain(values.number);
  expect(stored).not.toContain(world.user.password);

  await loginAgain(page, world);
  await expect(page).toHaveURL(/\/input\/manual$/);
  await expectBooking(page, world, values);
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(saved(page)).toBeVisible();
  await expect(field(page, BOOKING_LABELS.invoiceNumber)).toHaveValue('');

  // Restored once: after the save nothing comes back.
  await page.reload();
  await expect(field(page, BOOKING_LABELS.deliveryLocation)).toHaveValue('');
});

test('an expired session keeps a changed booking of the edit form', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  const id = await createBooking(request, world, { invoiceNumber: `ED-${Date.now()}` });
  await loginWithStoredSession(
    page,
    `/transactions/edit?id=${id}`,
    world.user.emailAddress,
    world.user.password,
  );
  const changed = `ED-neu-${Date.now()}`;
  await field(page, BOOKING_LABELS.invoiceNumber).fill(changed);
  await revokeSession(page);
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.sessionExpiredDraftsKept })).toBeVisible();

  await loginAgain(page, world);
  await expect(page).toHaveURL(new RegExp(`/transactions/edit\\?id=${id}$`));
  await expect(field(page, BOOKING_LABELS.invoiceNumber)).toHaveValue(changed);
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(saved(page)).toBeVisible();
  const response = await request.get(`/api/transactions/${id}`, { headers: bearer(world.token) });
  expect(((await response.json()) as { invoiceNumber: string }).invoiceNumber).toBe(changed);
});

test('each input tab keeps its typed values when the user switches tabs', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);
  const values = { number: `TAB-${Date.now()}`, date: germanDate(daysAgo(4)) };
  await fillBooking(page, world, values);

  const tabs = page.getByRole('navigation', { name: INPUT_LABELS.tabs });
  await tabs.getByRole('link', { name: INPUT_LABELS.emptyReport }).click();
  await typeMasked(field(page, BOOKING_LABELS.month), '02.2024');
  await tabs.getByRole('link', { name: INPUT_LABELS.upload }).click();
  await tabs.getByRole('link', { name: INPUT_LABELS.manual }).click();
  await expectBooking(page, world, values);
  await expect(button(page, INPUT_LABELS.checkAndSave)).toBeEnabled();
  await tabs.getByRole('link', { name: INPUT_LABELS.emptyReport }).click();
  await expect(field(page, BOOKING_LABELS.month)).toHaveValue('02.2024');
});

test('the next line of an invoice starts with its date, number, customer and location when the user asks', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);
  const keep = page.getByRole('checkbox', { name: INPUT_LABELS.keepInvoice });
  await expect(keep).not.toBeChecked();
  await keep.check();
  const values = { number: `POS-${Date.now()}`, date: germanDate(daysAgo(3)) };
  await fillBooking(page, world, values);
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(saved(page)).toBeVisible();

  // The invoice stays; amount, article and note are empty, and the cursor waits in the amount.
  await expect(field(page, BOOKING_LABELS.invoiceDate)).toHaveValue(values.date);
  await expect(field(page, BOOKING_LABELS.invoiceNumber)).toHaveValue(values.number);
  await expect(pickerField(page, BOOKING_LABELS.debitorId)).toHaveValue(debitorLabel(world));
  await expect(field(page, BOOKING_LABELS.deliveryLocation)).toHaveValue('Kita Sonnenschein');
  await expect(field(page, BOOKING_LABELS.net)).toHaveValue('');
  await expect(pickerField(page, BOOKING_LABELS.articleId)).toHaveValue('');
  await expect(field(page, BOOKING_LABELS.net)).toBeFocused();

  // The second line: another amount, the same article (a second delivery), saved the same way.
  await page.keyboard.type('99,5');
  await chooseRecord(
    pickerField(page, BOOKING_LABELS.articleId),
    String(world.article.number),
    articleLabel(world),
  );
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(field(page, BOOKING_LABELS.net)).toHaveValue('');
  const stored = await request.get(`/api/transactions?searchQuery=${values.number}`, {
    headers: bearer(world.token),
  });
  expect(
    ((await stored.json()) as { items: { net: number }[] }).items.map((b) => b.net).sort((a, b) => a - b),
  ).toEqual([99.5, 250]);

  // Remembered for this user; switched off, a save empties the form again.
  await page.reload();
  await expect(keep).toBeChecked();
  await keep.uncheck();
  await fillBooking(page, world, { number: `${values.number}-B`, date: values.date });
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(field(page, BOOKING_LABELS.invoiceNumber)).toHaveValue('');
  await expect(field(page, BOOKING_LABELS.invoiceDate)).toBeFocused();
});

test('a pasted text longer than its field allows stays whole and the field says the limit', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);
  const location = field(page, BOOKING_LABELS.deliveryLocation);
  // Nothing is cut behind the user's back: the text stays as pasted, to be shortened where they choose.
  const long = `Rathaus, Marktplatz 1, Eingang über den Hof, Zimmer 204, zu Händen Frau Mustermann`;
  expect(long.length).toBeGreaterThan(TEXT_MAX_LENGTH);
  await location.fill(long);
  await location.blur();
  await expect(location).toHaveValue(long);
  await expect(location).toHaveAccessibleDescription(MESSAGES.maxLength(TEXT_MAX_LENGTH));
  await location.fill(long.slice(0, TEXT_MAX_LENGTH));
  await expect(location).not.toHaveAttribute('aria-invalid');
});

/**
 * Saves a booking through the manual entry, then enters it again: the second check warns of a
 * possible duplicate and offers to ignore the warning.
 */
async function enterDuplicate(page: Page, world: BookingWorld, values: { number: string; date: string }) {
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);
  await fillBooking(page, world, values);
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(saved(page)).toBeVisible();
  await fillBooking(page, world, values);
  await button(page, INPUT_LABELS.checkAndSave).click();
  const warning = page.getByRole('alert').filter({ hasText: MESSAGES.warningHeading });
  await expect(warning).toContainText(BOOKING_MESSAGES.possibleDuplicate(values.date, values.number));
  const ignore = button(page, INPUT_LABELS.ignoreWarningsAndSave);
  await expect(ignore).toBeVisible();
  return { warning, ignore };
}

test('after warnings, edited values are checked again without saving: the warning and its ignore button follow the values', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const values = { number: `DUP-${Date.now()}`, date: germanDate(daysAgo(5)) };
  const { warning, ignore } = await enterDuplicate(page, world, values);

  // Another invoice number: checked again after a pause in typing; no duplicate any more, so the
  // warning and the ignore button go, and nothing has been stored by the check.
  await field(page, BOOKING_LABELS.invoiceNumber).fill(`${values.number}-B`);
  await expect(ignore).toHaveCount(0);
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.warningsStale })).toHaveCount(
    0,
  );
  const stored = async (invoiceNumber: string) => {
    const response = await request.get('/api/transactions', {
      params: { searchQuery: invoiceNumber },
      headers: bearer(world.token),
    });
    return ((await response.json()) as { items: { invoiceNumber: string }[] }).items.filter(
      (item) => item.invoiceNumber === invoiceNumber,
    ).length;
  };
  expect(await stored(`${values.number}-B`)).toBe(0);
  expect(await stored(values.number)).toBe(1);

  // "Prüfen und speichern" stores the checked values.
  await button(page, INPUT_LABELS.checkAndSave).click();
  await expect(saved(page)).toBeVisible();
  expect(await stored(`${values.number}-B`)).toBe(1);
});

test('after warnings, an edit that keeps the duplicate is checked again and keeps the ignore button', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const values = { number: `DUP2-${Date.now()}`, date: germanDate(daysAgo(6)) };
  const { warning, ignore } = await enterDuplicate(page, world, values);

  // The delivery location is not part of a duplicate: after the edit the warning is current again.
  const stale = page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.warningsStale });
  await field(page, BOOKING_LABELS.deliveryLocation).fill('Kita Regenbogen');
  await expect(stale).toBeVisible();
  await expect(ignore).toHaveCount(0);
  await expect(stale).toHaveCount(0);
  await expect(ignore).toBeVisible();
  await expect(warning).toContainText(BOOKING_MESSAGES.possibleDuplicate(values.date, values.number));
  await ignore.click();
  await expect(saved(page)).toBeVisible();
});

test('the admin finds the export links in one place above every list, "anlegen" headings and one back link', async ({
  page,
  request,
}) => {
  const creditor = await createCreditor(request);
  await loginWithStoredSession(page, '/management/articles');
  const tabs = page.getByRole('navigation', { name: MANAGEMENT_LABELS.title });
  for (const tab of [
    MANAGEMENT_LABELS.articles,
    MANAGEMENT_LABELS.creditors,
    MANAGEMENT_LABELS.debitors,
    MANAGEMENT_LABELS.users,
  ]) {
    await tabs.getByRole('link', { name: tab }).click();
    const exportButton = button(page, MD.exportMasterData);
    await expect(exportButton).toBeVisible();
    // Under the title, above the tabs, on every list.
    const exportBox = await exportButton.boundingBox();
    const tabsBox = await tabs.boundingBox();
    expect(exportBox!.y).toBeLessThan(tabsBox!.y);
  }

  // A creditor without bookings: '–' for its last booking.
  await tabs.getByRole('link', { name: MANAGEMENT_LABELS.creditors }).click();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: String(creditor.number), exact: true }) });
  await expect(row.getByRole('cell').nth(2)).toHaveText(UI_LABELS.noValue);

  for (const [tab, add, heading] of [
    [MANAGEMENT_LABELS.articles, MD.addArticle, MD.newArticle],
    [MANAGEMENT_LABELS.creditors, MD.addCreditor, MD.newCreditor],
    [MANAGEMENT_LABELS.debitors, MD.addDebitor, MD.newDebitor],
    [MANAGEMENT_LABELS.users, MD.addUser, MD.newUser],
  ] as const) {
    await page.goto('/management/articles');
    await tabs.getByRole('link', { name: tab }).click();
    await page.getByRole('link', { name: add }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByRole('link', { name: UI_LABELS.backToOverview }).click();
    await expect(tabs.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
  }
});

test('a supplier sees the debitor list beside its download, without the reserved records', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await loginWithStoredSession(page, '/management', world.user.emailAddress, world.user.password);
  await expect(button(page, MD.exportDebitors)).toBeVisible();
  const list = page.getByRole('table', { name: MD.debitorList });
  const row = list.getByRole('row').filter({ hasText: world.debitor.name });
  await expect(row.getByRole('cell').first()).toHaveText(String(world.debitor.number));
  // Read-only: nothing to open for editing.
  await expect(list.getByRole('link')).toHaveCount(0);
  await expect(
    list.getByRole('cell', { name: String(EMPTY_REPORT_DEBITOR_NUMBER), exact: true }),
  ).toHaveCount(0);

  // Also through the API (which the pickers read): a supplier's list has no reserved debitor.
  const debitors = (await (await request.get('/api/debitors', { headers: bearer(world.token) })).json()) as {
    number: number;
  }[];
  expect(debitors.map((d) => d.number)).not.toContain(EMPTY_REPORT_DEBITOR_NUMBER);
});
