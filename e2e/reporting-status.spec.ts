// The reporting status (Meldestatus, decisions.md section 10) in the browser against the real API:
// the admins' matrix with its filters and chart (under the production CSP), the urgency e-mails, and
// a supplier's one-click empty report.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { emptyReportCandidate, toBookingInput } from '@lp/domain/booking.schema';
import { isoDayToWire } from '@lp/domain/dates';
import { REPORTING_STATUS_LABELS as L, NAV_LABELS } from '@lp/domain/labels';
import { addMonths, currentMonth, formatMonth, monthStart } from '@lp/domain/reporting-status';
import { bearer } from './support/api';
import { createBooking, createBookingWorld, type BookingWorld } from './support/bookings';
import { cspViolations, watchCspViolations } from './support/csp';
import { ADMIN } from './support/environment';
import { escapeRegExp } from './support/fields';
import { loginWithStoredSession } from './support/login';
import { mailDrafts, recordMailDrafts } from './support/mail-drafts';
import { createCreditor } from './support/master-data';
import { answerDialog } from './support/dialogs';

const THIS = currentMonth();
const LAST = addMonths(THIS, -1);
const BEFORE = addMonths(THIS, -2);
const RANGE = `/status?from=${BEFORE}&until=${THIS}`;

/** The empty report of a month, posted as the input tab does. */
async function postEmptyReport(request: APIRequestContext, world: BookingWorld, month: string) {
  const response = await request.post('/api/transactions?checkForDuplicates=true', {
    headers: bearer(world.token),
    data: toBookingInput(emptyReportCandidate(monthStart(month), world.creditor.number)),
  });
  expect(response.status()).toBe(200);
}

// `reported`: bookings in the last and this month and an empty report two months ago; `missing`: a
// supplier that never reported; an inactive creditor.
let reported: BookingWorld;
let missing: BookingWorld;
let inactiveNumber: number;
test.beforeAll(async ({ request }) => {
  reported = await createBookingWorld(request);
  missing = await createBookingWorld(request);
  await createBooking(request, reported, { invoiceDate: isoDayToWire(`${LAST}-15`), net: 100 });
  await createBooking(request, reported, { invoiceDate: isoDayToWire(monthStart(THIS)), net: 23.45 });
  await postEmptyReport(request, reported, BEFORE);
  inactiveNumber = (await createCreditor(request, { isActive: false })).number;
});

const search = (page: Page) => page.getByRole('searchbox', { name: L.search });
const matrix = (page: Page) => page.getByRole('table', { name: L.matrix });
const rowOf = (page: Page, number: number) =>
  matrix(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${number} – `) }) });

/**
 * A cell's text: the context read to screen readers ('creditor, month:'), then what it shows (any
 * space may be the no-break space before '€').
 */
const visibleCell = (shown: string) => new RegExp(`: ${escapeRegExp(shown).replace(/ /g, '\\s')}$`);

test("the matrix shows each state with word, count and net sum; a cell opens that month's bookings", async ({
  page,
}) => {
  await loginWithStoredSession(page, '/transactions', ADMIN.email, ADMIN.password);
  await page.getByRole('navigation').getByRole('link', { name: NAV_LABELS.status }).click();
  await expect(page.getByRole('heading', { level: 1, name: L.heading })).toBeVisible();
  await page.goto(RANGE);
  await search(page).fill(String(reported.creditor.number));
  const row = rowOf(page, reported.creditor.number);
  await expect(row.getByRole('cell')).toHaveText([
    visibleCell(`${L.stateSymbols.empty} ${L.states.empty}`),
    visibleCell(`${L.stateSymbols.reported} ${L.states.reported}1 · 100,00 €`),
    visibleCell(`${L.stateSymbols.reported} ${L.states.reported}1 · 23,45 €`),
  ]);
  await expect(matrix(page).getByRole('columnheader')).toHaveText([
    L.creditor,
    formatMonth(BEFORE),
    formatMonth(LAST),
    formatMonth(THIS),
  ]);
  // The month row and the creditor column stay in view while the matrix scrolls.
  await expect(matrix(page).getByRole('columnheader', { name: L.creditor })).toHaveCSS('position', 'sticky');
  await expect(row.getByRole('rowheader')).toHaveCSS('position', 'sticky');

  await row.getByRole('link', { name: new RegExp(`${formatMonth(LAST)}: ${L.states.reported}`) }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `/transactions\\?invoiceDateFrom=${LAST}-01&invoiceDateUntil=${LAST}-\\d\\d&creditor=${reported.creditor.number}$`,
    ),
  );
  await expect(page.getByRole('cell', { name: '100,00' })).toBeVisible();
});

test('filters: only creditors with a missing month, search, inactive creditors on request; kept in the URL', async ({
  page,
}) => {
  await loginWithStoredSession(page, RANGE, ADMIN.email, ADMIN.password);
  await search(page).fill(String(missing.creditor.number));
  // The running month is not missing yet: it is shown as still running.
  await expect(rowOf(page, missing.creditor.number).getByRole('cell')).toHaveText([
    visibleCell(`${L.stateSymbols.missing} ${L.states.missing}`),
    visibleCell(`${L.stateSymbols.missing} ${L.states.missing}`),
    visibleCell(`${L.stateSymbols.open} ${L.states.open}`),
  ]);
  await page.getByRole('checkbox', { name: L.onlyMissing }).check();
  await expect(rowOf(page, missing.creditor.number)).toBeVisible();
  await search(page).fill(String(reported.creditor.number));
  await expect(matrix(page).getByRole('cell', { name: NAV_LABELS.emptyList })).toBeVisible();
  await expect(page).toHaveURL(/onlyMissing=true/);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: L.onlyMissing })).toBeChecked();
  await expect(search(page)).toHaveValue(String(reported.creditor.number));

  await page.getByRole('checkbox', { name: L.onlyMissing }).uncheck();
  await search(page).fill(String(inactiveNumber));
  await expect(matrix(page).getByRole('cell', { name: NAV_LABELS.emptyList })).toBeVisible();
  // On a slow computer, or with thousands of creditors, the matrix takes a while to render: the box
  // still ticks at once (it once followed the URL, whose updates run as a transition, and a check in
  // that time was lost). Read right after the click, before any rendering task has run: this holds
  // on any CPU, where slowing the CPU down made the check take half a minute on a slow machine.
  const checkedAtOnce = await page
    .getByRole('checkbox', { name: L.includeInactive })
    .evaluate(async (box: HTMLInputElement) => {
      box.click();
      await Promise.resolve();
      return box.checked;
    });
  expect(checkedAtOnce).toBe(true);
  await expect(rowOf(page, inactiveNumber)).toContainText(`(${L.inactive})`);
});

test('the month range: presets and von/bis', async ({ page }) => {
  await loginWithStoredSession(page, '/status', ADMIN.email, ADMIN.password);
  await expect(matrix(page).getByRole('columnheader')).toHaveCount(13);
  await page.getByRole('button', { name: L.lastMonths(24) }).click();
  await expect(matrix(page).getByRole('columnheader')).toHaveCount(25);
  // German month texts as typed (M.yyyy) and pasted (ISO), not the browser's own month picker.
  const from = page.getByLabel(L.from, { exact: true });
  await expect(from).toHaveValue(formatMonth(addMonths(THIS, -23)));
  await from.fill(`${Number(LAST.slice(5))}.${LAST.slice(0, 4)}`);
  await page.getByLabel(L.until, { exact: true }).fill(THIS);
  await expect(matrix(page).getByRole('columnheader')).toHaveCount(3);
  await expect(page).toHaveURL(new RegExp(`from=${LAST}&until=${THIS}`));
});

test('the chart renders under the production CSP and has a German text alternative', async ({ page }) => {
  await watchCspViolations(page);
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleViolations.push(message.text());
  });
  await loginWithStoredSession(page, RANGE, ADMIN.email, ADMIN.password);
  const chart = page.getByRole('figure', { name: L.chartHeading });
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  expect(await chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
  await expect(chart.locator('.recharts-line-curve')).toHaveCount(1);
  await expect(chart.locator('figcaption')).toContainText(`${formatMonth(THIS)}: `);
  await chart.getByText(L.chartTable).click();
  await expect(chart.getByRole('table').getByRole('row')).toHaveCount(4);
  await page.waitForLoadState('networkidle');
  expect(await cspViolations(page)).toEqual([]);
  expect(consoleViolations).toEqual([]);
});

test('the urgency e-mail of one creditor opens as a draft in one click', async ({ page }) => {
  await recordMailDrafts(page);
  await loginWithStoredSession(page, RANGE, ADMIN.email, ADMIN.password);
  const name = `${missing.creditor.number} – ${missing.creditor.name}`;
  await search(page).fill(String(missing.creditor.number));
  await page.getByRole('button', { name: `E-Mail verfassen ${name}` }).click();
  await expect.poll(() => mailDrafts(page)).toHaveLength(1);
  const [single] = await mailDrafts(page);
  expect(single).toMatch(new RegExp(`^mailto:${missing.user.emailAddress}\\?subject=Bestellstatistik&body=`));
});

test('a supplier files the empty report of a missing month in one click and opens a reported month', async ({
  page,
}) => {
  await loginWithStoredSession(page, RANGE, missing.user.emailAddress, missing.user.password);
  await expect(page.getByRole('table')).toHaveCount(0);
  const tile = page.getByRole('listitem').filter({ hasText: formatMonth(LAST) });
  await expect(tile).toContainText(`${L.stateSymbols.missing} ${L.states.missing}`);
  const confirmed = answerDialog(page, true);
  await tile.getByRole('button', { name: L.emptyReportActionFor(formatMonth(LAST)) }).click();
  await confirmed;
  await expect(page.getByText(`Die Leermeldung für ${formatMonth(LAST)} wurde gespeichert.`)).toBeVisible();
  await expect(tile).toContainText(`${L.stateSymbols.empty} ${L.states.empty}`);
  await expect(tile.getByRole('button')).toHaveCount(0);

  // The other supplier's reported month opens its bookings of that month.
  await page.goto('/logout');
  await loginWithStoredSession(page, RANGE, reported.user.emailAddress, reported.user.password);
  await page.getByRole('link', { name: L.showBookingsFor(formatMonth(LAST)) }).click();
  await expect(page).toHaveURL(/\/transactions\?invoiceDateFrom=/);
  await expect(page.getByRole('cell', { name: '100,00' })).toBeVisible();
});

test('the matrix reads like a spreadsheet at 1366 px: one page scroll, a whole year, sticky edges', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // More creditors than the window shows and twelve months, one of them with a large sum.
  for (let i = 0; i < 12; i++) await createCreditor(request);
  const large = await createBookingWorld(request);
  await createBooking(request, large, { invoiceDate: isoDayToWire(`${LAST}-15`), net: 987_654.32 });
  const year = `/status?from=${addMonths(THIS, -11)}&until=${THIS}`;
  /** How far the document reaches past the window (px), and past the footer's end. */
  const overhang = () =>
    page.evaluate(() => {
      const root = document.documentElement;
      const footerEnd = document.querySelector('footer')!.getBoundingClientRect().bottom + window.scrollY;
      return { sideways: root.scrollWidth - root.clientWidth, belowFooter: root.scrollHeight - footerEnd };
    });

  await loginWithStoredSession(page, year, ADMIN.email, ADMIN.password);
  await expect(matrix(page)).toBeVisible();
  // No scroll box of its own: no ancestor of the matrix scrolls, the page is the one scroll.
  const scrollers = await matrix(page).evaluate((table) => {
    const found: string[] = [];
    for (let e = table.parentElement; e && e !== document.body; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (/(auto|scroll)/.test(style.overflowX + style.overflowY)) found.push(e.className);
    }
    return found;
  });
  expect(scrollers).toEqual([]);
  // The whole year beside the creditor column, no sideways scroll; it opens at its start.
  const { sideways, belowFooter } = await overhang();
  expect(sideways).toBe(0);
  expect(belowFooter).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  for (const month of [addMonths(THIS, -11), THIS]) {
    const box = await matrix(page)
      .getByRole('columnheader', { name: formatMonth(month) })
      .boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
  }
  // The large sum stays inside its cell.
  await search(page).fill(String(large.creditor.number));
  const largeCell = rowOf(page, large.creditor.number).getByRole('cell').nth(10);
  await expect(largeCell).toContainText('987.654,32');
  expect(await largeCell.evaluate((c) => c.scrollWidth - c.clientWidth)).toBeLessThanOrEqual(0);
  await search(page).fill('');
  // The running and the last month stand out.
  for (const month of [LAST, THIS]) {
    await expect(matrix(page).getByRole('columnheader', { name: formatMonth(month) })).toHaveClass(
      /status-recent/,
    );
  }
  await expect(matrix(page).getByRole('columnheader', { name: formatMonth(BEFORE) })).not.toHaveClass(
    /status-recent/,
  );
  // Scrolled down the page, the month row stays at the window's top.
  // (The wheel scrolls smoothly: the header is read until the scroll has carried the matrix past it.)
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const header = matrix(page).getByRole('columnheader', { name: L.creditor });
  await expect.poll(async () => Math.abs((await header.boundingBox())!.y)).toBeLessThanOrEqual(1);

  // Three years do not fit: the page scrolls sideways and the creditor column stays at its left edge.
  await page.goto(`/status?from=${addMonths(THIS, -35)}&until=${THIS}`);
  await expect(matrix(page).getByRole('columnheader')).toHaveCount(37);
  await page.evaluate(() => window.scrollTo(document.documentElement.scrollWidth, 0));
  await expect.poll(() => page.evaluate(() => window.scrollX)).toBeGreaterThan(100);
  const creditorColumn = await matrix(page).getByRole('columnheader', { name: L.creditor }).boundingBox();
  expect(Math.abs(creditorColumn!.x)).toBeLessThanOrEqual(1);

  await page.goto('/logout');
  await loginWithStoredSession(page, year, large.user.emailAddress, large.user.password);
  const tile = page.getByRole('listitem').filter({ hasText: formatMonth(LAST) });
  await expect(tile).toContainText('987.654,32');
  expect(await tile.evaluate((t) => t.scrollWidth - t.clientWidth)).toBe(0);
  expect((await overhang()).sideways).toBe(0);
});
