// Everyday use, second round, the rest of issue 57: search by what the list shows, in-page dialogs,
// the phone header, and the small ones (created banner, no fetch of a deleted record, read-only
// pickers without chevrons, the Exporte list's batch names, the status chart, the API docs).
import { expect, test } from '@playwright/test';
import { formatLocalDate, isoDayToWire } from '@lp/domain/dates';
import {
  BOOKING_LIST_LABELS as BL,
  DEBITOR_LABELS,
  EXPORT_BATCH_LABELS as EB,
  MASTER_DATA_SCREEN_LABELS as MD,
  NAV_LABELS,
  REPORTING_STATUS_LABELS as RS,
  UI_LABELS,
} from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES, MASTER_DATA_SCREEN_MESSAGES as MDM } from '@lp/domain/messages';
import { createBooking, createBookingWorld, daysAgo, exportBookings, germanDate } from './support/bookings';
import { API_TAGS } from '../server/src/http/operation-docs';
import { cspViolations, watchCspViolations } from './support/csp';
import { answerDialog } from './support/dialogs';
import { field } from './support/fields';
import { loginWithStoredSession } from './support/login';
import { createDebitor, uniqueNumber } from './support/master-data';

test('the bookings search finds an amount and a date as the list shows them, and says what it searches', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const day = daysAgo(5);
  await createBooking(request, world, { net: 624, invoiceDate: isoDayToWire(daysAgo(40)) });
  await createBooking(request, world, { net: 1234.56, invoiceDate: isoDayToWire(day) });
  await createBooking(request, world, { net: 625, invoiceDate: isoDayToWire(daysAgo(41)) });
  await loginWithStoredSession(page, '/transactions', world.user.emailAddress, world.user.password);
  const search = page.getByRole('searchbox', { name: BL.search });
  await expect(search).toHaveAccessibleDescription(BL.searchHint);
  await expect(page.getByText(BL.searchHint)).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');

  await search.fill('624,00');
  await search.press('Enter');
  await expect(page.getByRole('cell', { name: '625,00' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '624,00' })).toBeVisible();

  await search.fill('1.234,56');
  await search.press('Enter');
  await expect(page.getByRole('cell', { name: '624,00' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '1.234,56' })).toBeVisible();

  await search.fill(germanDate(day));
  await search.press('Enter');
  await expect(page.getByRole('cell', { name: '624,00' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: germanDate(day), exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: '1.234,56' })).toHaveCount(1);
});

test.describe('the confirmations and alerts are in-page dialogs', () => {
  test('a one-row delete asks in a dialog that holds the keyboard, and Escape answers no', async ({
    page,
    request,
  }) => {
    const world = await createBookingWorld(request);
    const invoiceNumber = `DLG-${Date.now()}`;
    const id = await createBooking(request, world, { invoiceNumber });
    await exportBookings(request, [id]);
    let nativeDialogs = 0;
    page.on('dialog', (dialog) => {
      nativeDialogs += 1;
      void dialog.dismiss();
    });
    await loginWithStoredSession(page, `/transactions?creditor=${world.creditor.number}`);
    const deleteButton = page.getByRole('button', { name: BL.delete, exact: true });

    // Nothing selected: an alert with one button, which has the keyboard.
    await deleteButton.click();
    const alert = page.getByRole('alertdialog', { name: UI_LABELS.alertTitle });
    await expect(alert).toContainText(BOOKING_UI_MESSAGES.deleteNothingSelected);
    await expect(alert.getByRole('button', { name: UI_LABELS.confirm })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(alert).toHaveCount(0);
    await expect(deleteButton).toBeFocused();

    // One exported row selected: the singular wording, Abbrechen first, Tab stays inside.
    await page.getByRole('checkbox', { name: BL.selectRow(invoiceNumber) }).check();
    await deleteButton.click();
    const confirm = page.getByRole('alertdialog', { name: UI_LABELS.confirmTitle });
    await expect(confirm).toContainText(BOOKING_UI_MESSAGES.deleteExportedConfirm(1, 1));
    await expect(confirm).not.toContainText('Eine der ausgewählten');
    const cancel = confirm.getByRole('button', { name: UI_LABELS.cancel });
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: BL.delete })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(deleteButton).toBeFocused();
    await expect(page.getByRole('link', { name: invoiceNumber })).toBeVisible();

    // Confirmed with its button: deleted.
    await deleteButton.click();
    await confirm.getByRole('button', { name: BL.delete }).click();
    await expect(
      page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingsDeleted(1) }),
    ).toBeVisible();
    expect(nativeDialogs).toBe(0);
  });
});

test('a deleted debitor is not fetched again: no 404 and no console error after the delete', async ({
  page,
  request,
}) => {
  const debitor = await createDebitor(request);
  await watchCspViolations(page);
  await loginWithStoredSession(page, `/management/debitors/edit?id=${debitor.number}`);
  await expect(page.getByRole('button', { name: MD.delete, exact: true })).toBeVisible();
  const refetched: string[] = [];
  const errors: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === `/api/debitors/${debitor.number}` && response.status() === 404)
      refetched.push(`${response.request().method()} ${response.status()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const confirmed = answerDialog(page, true);
  await page.getByRole('button', { name: MD.delete, exact: true }).click();
  await confirmed;
  await expect(page.getByRole('heading', { level: 2, name: MD.debitorList })).toBeVisible();
  await expect(page.getByText(MDM.debitorDeleted(`${debitor.number} – ${debitor.name}`))).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refetched).toEqual([]);
  expect(await cspViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a new debitor is announced as created, a later save as saved', async ({ page }) => {
  await loginWithStoredSession(page, '/management/debitors/edit?id=new');
  const number = uniqueNumber();
  await field(page, DEBITOR_LABELS.number).fill(String(number));
  await field(page, DEBITOR_LABELS.name).fill(`Neuer Debitor ${number}`);
  await field(page, DEBITOR_LABELS.street).fill('Am Markt 1');
  await field(page, DEBITOR_LABELS.zipCode).fill('60311');
  await field(page, DEBITOR_LABELS.city).fill('Frankfurt');
  await page.getByRole('button', { name: MD.save, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`id=${number}$`));
  await expect(page.getByRole('status').filter({ hasText: MDM.debitorCreated })).toBeVisible();
  await expect(page.getByText(MDM.debitorSaved)).toHaveCount(0);
  await field(page, DEBITOR_LABELS.city).fill('Offenbach');
  await page.getByRole('button', { name: MD.save, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: MDM.debitorSaved })).toBeVisible();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header is one compact line; the menu opens behind its button and closes again', async ({
    page,
  }) => {
    await loginWithStoredSession(page, '/transactions');
    const header = page.getByRole('banner');
    const headerHeight = (await header.boundingBox())!.height;
    expect(headerHeight).toBeLessThanOrEqual(72);
    const nav = page.getByRole('navigation', { name: UI_LABELS.mainMenu });
    const toggle = nav.getByRole('button', { name: UI_LABELS.menuButton });
    const status = nav.getByRole('link', { name: NAV_LABELS.status, exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(status).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(list).toBeVisible();
    for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
    // Opened over the page: the header keeps its height, and nothing scrolls sideways.
    expect((await header.boundingBox())!.height).toBe(headerHeight);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(status).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await status.click();
    await expect(page).toHaveURL(/\/status/);
    await expect(page.getByRole('heading', { level: 1, name: NAV_LABELS.status })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(status).toBeHidden();
  });

  test('the Meldestatus range is von and bis on one line, the presets on the next', async ({ page }) => {
    await loginWithStoredSession(page, '/status');
    const range = page.getByRole('group', { name: RS.range });
    const top = async (name: string) => (await range.getByLabel(name, { exact: true }).boundingBox())!.y;
    await expect(range.getByLabel(RS.from, { exact: true })).toBeVisible();
    expect(await top(RS.until)).toBe(await top(RS.from));
    const presets = range.getByRole('button');
    await expect(presets).toHaveCount(3);
    const presetTops = new Set<number>();
    for (const preset of await presets.all()) presetTops.add(Math.round((await preset.boundingBox())!.y));
    expect(presetTops.size).toBe(1);
    expect([...presetTops][0]!).toBeGreaterThan(await top(RS.from));
    for (const preset of await presets.all()) await expect(preset).toBeInViewport({ ratio: 1 });
  });
});

test('an exported booking shows its pickers without chevrons to a supplier who cannot change them', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const id = await createBooking(request, world);
  await exportBookings(request, [id]);
  await loginWithStoredSession(
    page,
    `/transactions/edit?id=${id}`,
    world.user.emailAddress,
    world.user.password,
  );
  const pickers = page.locator('.record-combobox');
  await expect(pickers.first()).toBeVisible();
  expect(await pickers.count()).toBeGreaterThanOrEqual(2);
  for (const chevron of await page.locator('.record-combobox__button').all())
    await expect(chevron).toBeHidden();

  // Where the booking can be changed, the chevrons are there.
  await page.goto('/input/manual');
  await expect(page.locator('.record-combobox__button').first()).toBeVisible();
});

test("the Exporte list names each batch's file with its number and date; the download keeps the spec's name", async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await exportBookings(request, [await createBooking(request, world, { net: 77.7 })]);
  await loginWithStoredSession(page, '/exports');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: '77,70 €' }) })
    .first();
  await expect(row).toBeVisible();
  const number = (await row.getByRole('cell').first().textContent())!.trim();
  const day = formatLocalDate(new Date());
  await expect(row).toContainText(EB.fileOfBatch(Number(number), day));
  await expect(row).toContainText('Buchungen.csv');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: EB.downloadNamed(Number(number)), exact: true }).click();
  expect((await download).suggestedFilename()).toBe('Buchungen.csv');
});

test("the status chart's net line leaves out the running month, and its axes are titled", async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await createBooking(request, world, { invoiceDate: isoDayToWire(daysAgo(40)), net: 500 });
  await loginWithStoredSession(page, '/status');
  const chart = page.locator('.status-chart__canvas svg', { has: page.locator('.recharts-xAxis') });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  for (const title of [RS.chartMonthAxis, RS.chartCreditors, RS.chartNetAxis])
    await expect(chart.locator('text', { hasText: title })).toHaveCount(1);
  const months = await chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count();
  expect(months).toBeGreaterThan(1);
  // The default range ends with the running month: every month but it has its point on the line.
  await expect(chart.locator('.recharts-line-dot')).toHaveCount(months - 1);
});

test('the API docs show the routes grouped by German tags, each with its German summary', async ({
  page,
}) => {
  await page.goto('/api/docs');
  const groups = page.locator('.opblock-tag-section');
  await expect(groups.first()).toBeVisible();
  const names = await page
    .locator('.opblock-tag [data-tag], .opblock-tag')
    .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-tag')).filter(Boolean));
  expect(names).toEqual(Object.keys(API_TAGS));
  // No operation without a group ("default") and none without its summary.
  await expect(page.locator('.opblock-tag[data-tag="default"]')).toHaveCount(0);
  const summaries = await page.locator('.opblock-summary-description').allTextContents();
  expect(summaries.length).toBeGreaterThan(40);
  expect(summaries.filter((summary) => summary.trim() === '')).toEqual([]);
  await expect(page.locator('.opblock-tag', { hasText: 'Buchungen' }).first()).toContainText(
    API_TAGS.Buchungen,
  );
});
