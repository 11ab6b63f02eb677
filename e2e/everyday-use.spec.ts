// Everyday use (issue 12): a readable bookings table at 1366 and 1920 px, an honest failed load with a
// retry and notices off the menu, feedback after an export and an upload, and the upload on a phone.
// With SCREENSHOTS_DIR set, the table is also saved as pictures (everyday/ folder) for a person to look at.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { isoDayToWire } from '@lp/domain/dates';
import {
  BOOKING_EXPORT_COLUMNS,
  BOOKING_LIST_LABELS as L,
  UI_LABELS,
  UPLOAD_LABELS,
} from '@lp/domain/labels';
import { UPLOAD_MESSAGES_SHOWN } from '@lp/domain/limits';
import { BOOKING_UI_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { UPLOAD_COLUMNS } from '@lp/domain/upload-columns';
import { adminToken, requestToken } from './support/api';
import { createBooking, daysAgo, germanDate } from './support/bookings';
import { loginWithStoredSession } from './support/login';
import {
  createArticle,
  createCreditor,
  createDebitor,
  createUser,
  uniqueNumber,
} from './support/master-data';
import { answerDialog } from './support/dialogs';

const shotsDir = process.env.SCREENSHOTS_DIR && path.join(process.env.SCREENSHOTS_DIR, 'everyday');
const shot = async (page: Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
};

/** A supplier whose bookings look like real ones: look-alike invoice numbers, long names. */
async function createRealisticWorld(request: APIRequestContext) {
  const admin = await adminToken(request);
  const creditor = await createCreditor(
    request,
    { name: 'Papier & Bürobedarf Schmidt GmbH & Co. KG, Niederlassung Offenbach' },
    admin,
  );
  const user = await createUser(
    request,
    { creditorNumber: creditor.number, emailAddress: `buchhaltung.schmidt-${uniqueNumber()}@e2e.example` },
    admin,
  );
  const debitors = [
    await createDebitor(request, { name: 'Kindertagesstätte Langen – Sonnenblume' }, admin),
    await createDebitor(request, { name: 'Stadtverwaltung Hanau, Zentrale Vergabestelle' }, admin),
  ];
  const articles = [
    await createArticle(request, { name: 'Recyclingpapier A4, 80 g/m², 500 Blatt, Blauer Engel' }, admin),
    await createArticle(request, { name: 'Ordner' }, admin),
  ];
  const token = await requestToken(request, user.emailAddress, user.password);
  const world = { admin, creditor, user, debitor: debitors[0]!, article: articles[0]!, token };
  const invoiceNumbers: string[] = [];
  const prefix = `RE-2026-${uniqueNumber()}`;
  for (let i = 0; i < 6; i += 1) {
    const invoiceNumber = `${prefix}${i}`;
    invoiceNumbers.push(invoiceNumber);
    await createBooking(request, world, {
      invoiceNumber,
      invoiceDate: isoDayToWire(daysAgo(2 + i)),
      net: i % 2 ? -1234567.89 : 98765.43,
      debitorId: debitors[i % 2]!.number,
      articleId: articles[i % 2]!.number,
      deliveryLocation:
        i % 2 ? 'Rathaus' : 'Hausmeisterei der Grundschule am Rathausplatz, Eingang Schulstraße 4',
    });
  }
  return { ...world, invoiceNumbers };
}

/** What the browser lays out for the bookings table: clipped headers, cut cells, the sort arrow's box. */
function tableLayout(page: Page) {
  return page.locator('.bookings-table').evaluate((wrapper) => {
    const box = (element: Element) => element.getBoundingClientRect();
    const clipped = (element: Element) =>
      element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
    const headers = [...wrapper.querySelectorAll('thead th')].slice(1).map((th) => {
      const button = th.querySelector('.sort-button')!;
      // A word split over two lines has more than one line box. Only its soft hyphens may break it
      // ("Rechnungs-/datum", decision 0047): each part between them must stay on one line.
      const text = button.firstChild as Text;
      const content = text.textContent ?? '';
      const brokenWords: string[] = [];
      let start = 0;
      for (const word of content.split(' ')) {
        let partStart = start;
        for (const part of word.split('\u00ad')) {
          // The line of a part's first and of its last letter: the last box of the letter's range (a
          // range that starts just after a soft hyphen also holds the hyphen drawn at the line's end).
          const lineOf = (offset: number) => {
            const range = document.createRange();
            range.setStart(text, offset);
            range.setEnd(text, offset + 1);
            return Math.round([...range.getClientRects()].at(-1)?.top ?? 0);
          };
          if (part.length > 0 && lineOf(partStart) !== lineOf(partStart + part.length - 1)) {
            brokenWords.push(word);
            break;
          }
          partStart += part.length + 1;
        }
        start += word.length + 1;
      }
      const indicator = th.querySelector('.sort-indicator');
      const thBox = box(th);
      const arrow = indicator && box(indicator);
      return {
        text: button.textContent ?? '',
        clipped:
          clipped(th) || button.scrollWidth > button.clientWidth + 1 || box(button).right > thBox.right + 0.5,
        brokenWords,
        sorted: th.hasAttribute('aria-sort'),
        arrowInside:
          arrow === null ||
          (arrow.left >= thBox.left - 0.5 &&
            arrow.right <= thBox.right + 0.5 &&
            arrow.top >= thBox.top - 0.5 &&
            arrow.bottom <= thBox.bottom + 0.5),
      };
    });
    const cells = [...wrapper.querySelectorAll('tbody td')].map((td) => {
      const content = td.querySelector('.cell__clamp') ?? td;
      return {
        column: [...td.classList].find((c) => c.startsWith('col--')) ?? '',
        text: td.textContent ?? '',
        cut: clipped(content) || clipped(td),
        title: td.getAttribute('title'),
      };
    });
    return { width: box(wrapper).width, scrolls: wrapper.scrollWidth > wrapper.clientWidth, headers, cells };
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`the bookings table at ${viewport.width} px: headers broken only at their hyphens, whole invoice numbers, arrows inside, tooltips`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const world = await createRealisticWorld(request);
    await page.setViewportSize(viewport);
    await loginWithStoredSession(page, '/transactions', world.user.emailAddress, world.user.password);
    await expect(page.getByText(L.count(6))).toBeVisible({ timeout: 15_000 });
    await shot(page, `table-${viewport.width}`);

    const layout = await tableLayout(page);
    expect(layout.headers).toHaveLength(12);
    for (const header of layout.headers) {
      expect(header.clipped, `header ${header.text} clipped`).toBe(false);
      expect(header.brokenWords, `header ${header.text}`).toEqual([]);
    }
    // Invoice numbers whole: all look alike but for their last digit.
    const invoiceCells = layout.cells.filter((cell) => cell.column === 'col--invoice_number');
    expect(invoiceCells.map((cell) => cell.text).sort()).toEqual([...world.invoiceNumbers].sort());
    for (const cell of invoiceCells) expect(cell.cut, cell.text).toBe(false);
    // Whatever is cut off tells its full text in a tooltip.
    for (const cell of layout.cells.filter((c) => c.cut)) expect(cell.title, cell.column).toBe(cell.text);
    // The wide screen is used: the table is wider than the 1366 px screen's page.
    if (viewport.width === 1920) expect(layout.width).toBeGreaterThan(1700);
    else expect(layout.scrolls).toBe(false);

    // Each column sorted in turn: its arrow stays inside its header cell, the headers stay whole.
    for (const [index, label] of Object.values(L.columns).entries()) {
      await page
        .locator('.bookings-table thead th')
        .nth(index + 1)
        .getByRole('button')
        .click();
      await expect(page.locator('.bookings-table thead th').nth(index + 1)).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      const sorted = (await tableLayout(page)).headers;
      expect(sorted[index]!.sorted, label).toBe(true);
      expect(sorted[index]!.arrowInside, `arrow of ${label}`).toBe(true);
      for (const h of sorted) expect(h.clipped, `header ${h.text} while ${label} sorts`).toBe(false);
    }
    await shot(page, `table-${viewport.width}-sorted`);
  });
}

test('a failed list load says so and loads again on request; the notice keeps off the menu', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const world = await createRealisticWorld(request);
  await page.setViewportSize({ width: 1366, height: 768 });
  let failing = true;
  await page.route(/\/api\/transactions(\?|$)/, (route) =>
    failing
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' })
      : route.fallback(),
  );
  await loginWithStoredSession(page, '/transactions', world.user.emailAddress, world.user.password);

  const failure = page.getByRole('alert').filter({ hasText: MESSAGES.bookingsLoadFailed });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(L.empty)).toHaveCount(0);
  // The API client's notice is shown too, but not over the header's menu.
  const notice = page.locator('.notice-area');
  await expect(notice).toBeVisible();
  const menu = await page.getByRole('navigation').first().boundingBox();
  const noticeBox = await notice.boundingBox();
  expect(menu).not.toBeNull();
  expect(noticeBox).not.toBeNull();
  const overlaps =
    noticeBox!.x < menu!.x + menu!.width &&
    menu!.x < noticeBox!.x + noticeBox!.width &&
    noticeBox!.y < menu!.y + menu!.height &&
    menu!.y < noticeBox!.y + noticeBox!.height;
  expect(overlaps).toBe(false);
  await shot(page, 'load-failed-1366');

  failing = false;
  await failure.getByRole('button', { name: MESSAGES.retry }).click();
  await expect(failure).toHaveCount(0);
  await expect(page.getByText(L.count(6))).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.bookings-table tbody tr')).toHaveCount(6);
});

test('a master-data list that fails to load says so and loads again on request', async ({ page }) => {
  test.setTimeout(60_000);
  let failing = true;
  await page.route(/\/api\/articles(\?|$)/, (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' })
      : route.fallback(),
  );
  await loginWithStoredSession(page, '/management/articles');
  const failure = page.getByRole('alert').filter({ hasText: MESSAGES.listLoadFailed });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  failing = false;
  await failure.getByRole('button', { name: MESSAGES.retry }).click();
  await expect(failure).toHaveCount(0);
  await expect(page.getByRole('table')).toBeVisible();
});

test('an export says how many bookings it exported', async ({ page, request }) => {
  const world = await createRealisticWorld(request);
  await loginWithStoredSession(page, `/transactions?creditor=${world.creditor.number}`);
  await expect(page.getByText(L.count(6))).toBeVisible({ timeout: 15_000 });
  // No selection and the not-exported filter off: the spec's confirmation comes first.
  const download = page.waitForEvent('download');
  const confirmed = answerDialog(page, true);
  await page.getByRole('button', { name: L.exportCsv, exact: true }).click();
  await confirmed;
  const file = fs.readFileSync(await (await download).path(), 'utf8');
  expect(file.trim().split('\r\n')).toHaveLength(7); // header and six bookings
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: BOOKING_UI_MESSAGES.bookingsExported(6) })
      .locator('p'),
  ).toHaveText('6 Buchungen exportiert.');
});

test('an upload names the file columns and reports every error, the same one grouped with its rows', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const world = await createRealisticWorld(request);
  const rows = UPLOAD_MESSAGES_SHOWN + 50;
  const cells = (invoiceNumber: string) =>
    UPLOAD_COLUMNS.map((column) =>
      column.key === 'debitorNumber'
        ? '' // missing in every row: one error per row
        : ({
            invoiceDate: germanDate(daysAgo(5)),
            invoiceNumber,
            deliveryLocation: 'Rathaus',
            articleNumber: String(world.article.number),
            net: '12,50',
            additionalInformation: '',
            creditorNumber: String(world.creditor.number),
          }[column.key] ?? ''),
    );
  const lines = [
    UPLOAD_COLUMNS.map((c) => c.header),
    ...Array.from({ length: rows }, (_, i) => cells(`UP-${uniqueNumber()}-${i}`)),
  ];
  await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
  await page.locator('input[type=file]').setInputFiles({
    name: 'viele-fehler.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.map((l) => `${l.join(';')}\r\n`).join(''), 'utf8'),
  });
  await page.getByRole('button', { name: UPLOAD_LABELS.upload, exact: true }).click();
  const errors = page.getByRole('alert').filter({ hasText: MESSAGES.validationHeading });
  // The same message in every row is one line with its rows (issue 57.4), named by the file's column.
  const rowsText = `Zeilen 2–${rows + 1} (${rows.toLocaleString('de-DE')} Zeilen)`;
  await expect(errors.locator('li')).toHaveCount(1);
  await expect(errors.locator('li')).toHaveText(
    `${BOOKING_EXPORT_COLUMNS.debitorNumber}: ${MESSAGES.required} – ${rowsText}`,
  );
  await expect(errors).not.toContainText('Kunde/Debitor');
  // The report holds every row of the group too.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: UPLOAD_LABELS.downloadReport }).click();
  const report = fs
    .readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(report).toHaveLength(2);
  expect(report.at(-1)).toBe(
    `2–${rows + 1};${rows};${BOOKING_EXPORT_COLUMNS.debitorNumber};${MESSAGES.required};Fehler`,
  );
});

test('on a phone the upload offers to choose a file and keeps "20 MB" on one line', async ({
  page,
  request,
}) => {
  const world = await createRealisticWorld(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginWithStoredSession(page, '/input/csv', world.user.emailAddress, world.user.password);
  const zone = page.getByRole('button', { name: new RegExp(`^${UPLOAD_LABELS.dropZoneTouch}`) });
  await expect(zone).toBeVisible();
  // What is shown (innerText leaves out the hidden desktop wording), not what the markup holds.
  expect((await zone.innerText()).trim()).toBe(UPLOAD_LABELS.dropZoneTouch);
  await expect(page.getByRole('button', { name: new RegExp(`^${UPLOAD_LABELS.dropZone}`) })).toHaveCount(0);
  const hint = page.locator('.file-drop__hint');
  await expect(hint).toContainText('20\u00a0MB');
  // "20" and "MB" on the same line: one line box for the pair.
  const lines = await hint.evaluate((element) => {
    const text = element.firstChild as Text;
    const start = (text.textContent ?? '').indexOf('20\u00a0MB');
    const range = document.createRange();
    range.setStart(text, start);
    range.setEnd(text, start + 5);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  await shot(page, 'upload-390');
});

test('on a phone the menu shows every area and no page scrolls sideways, with a long address too', async ({
  page,
  request,
}) => {
  const world = await createRealisticWorld(request);
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await loginWithStoredSession(page, '/transactions', world.user.emailAddress, world.user.password);
    const menu = page.getByRole('navigation', { name: UI_LABELS.mainMenu });
    // The menu is behind its button on a phone (issue 57, item 9).
    await menu.getByRole('button', { name: UI_LABELS.menuButton }).click();
    const links = menu.getByRole('link');
    await expect(links.first()).toBeVisible();
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, `${width} px`).toBe(0);
    await shot(page, `menu-${width}`);
    await page.evaluate(() => localStorage.clear());
  }
});
