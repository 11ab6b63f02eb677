// The searchable pickers of debitor, article and creditor as people use them: find a debitor by
// "name city" with the keyboard alone, tell same-name debitors apart by their address, save, and
// find the booking again through the list filter; no CSP violation while the list is open.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BOOKING_LABELS, BOOKING_LIST_LABELS as L, NAV_LABELS, UI_LABELS } from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import type { Debitor } from '@lp/domain/entities';
import { bearer } from './support/api';
import { createBookingWorld, daysAgo, germanDate } from './support/bookings';
import { cspViolations, watchCspViolations } from './support/csp';
import { loginWithStoredSession } from './support/login';
import { createDebitor, uniqueNumber } from './support/master-data';
import { optionNamed, pickerField } from './support/pickers';
import { field } from './support/fields';

/** The reserved empty-report debitor exists, so that the check below can fail. */
async function ensureReservedDebitor(request: APIRequestContext, token: string) {
  const response = await request.get('/api/debitors', { headers: bearer(token) });
  const debitors = (await response.json()) as Debitor[];
  if (!debitors.some((debitor) => debitor.number === EMPTY_REPORT_DEBITOR_NUMBER))
    await createDebitor(request, { number: EMPTY_REPORT_DEBITOR_NUMBER, name: 'Leermeldung' }, token);
}

test('a supplier finds a debitor by "name city" with the keyboard, saves, and filters the list by it', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  await ensureReservedDebitor(request, world.admin);
  const tag = `P${uniqueNumber()}`;
  const kitaName = `Kita Sonnenschein ${tag}`;
  const frankfurt = await createDebitor(
    request,
    { name: kitaName, street: 'Hauptstraße 5', zipCode: '60311', city: 'Frankfurt' },
    world.admin,
  );
  const langen = await createDebitor(
    request,
    { name: kitaName, street: 'Bahnstraße 2', zipCode: '63225', city: 'Langen' },
    world.admin,
  );
  const langenLabel = `${langen.number} – ${kitaName}`;
  await watchCspViolations(page);
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);

  const debitor = pickerField(page, BOOKING_LABELS.debitorId);
  const listbox = page.getByRole('listbox');
  // Same-name debitors are told apart by street and city on the option's second line, which is also
  // part of the option's name.
  await debitor.fill(kitaName);
  await expect(listbox.getByRole('option')).toHaveCount(2);
  await expect(optionNamed(page, `${frankfurt.number} – ${kitaName}`)).toHaveAccessibleName(
    `${frankfurt.number} – ${kitaName} Hauptstraße 5, 60311 Frankfurt`,
  );
  await expect(optionNamed(page, langenLabel)).toHaveAccessibleName(
    `${langenLabel} Bahnstraße 2, 63225 Langen`,
  );
  // Escape closes the list; the reserved empty-report debitor is never offered to a supplier.
  await debitor.fill(String(EMPTY_REPORT_DEBITOR_NUMBER));
  await expect(listbox).toContainText(NAV_LABELS.emptyList);
  await page.keyboard.press('Escape');
  await expect(listbox).toHaveCount(0);
  await debitor.fill('');
  await debitor.blur();

  // The whole booking with the keyboard.
  const date = field(page, BOOKING_LABELS.invoiceDate);
  await date.click();
  await date.pressSequentially(germanDate(daysAgo(2)));
  await page.keyboard.press('Tab');
  await expect(field(page, BOOKING_LABELS.invoiceNumber)).toBeFocused();
  await page.keyboard.type(`PK-${tag}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('99,5');
  await page.keyboard.press('Tab');
  await expect(debitor).toBeFocused();
  await expect(debitor).toHaveCSS('box-shadow', /rgb/); // the focus ring is drawn
  await page.keyboard.type(`kita ${tag} langen`);
  await expect(listbox.getByRole('option')).toHaveCount(1);
  await expect(optionNamed(page, langenLabel)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(debitor).toHaveValue(langenLabel);
  await expect(listbox).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(field(page, BOOKING_LABELS.deliveryLocation)).toBeFocused();
  await page.keyboard.type('Gruppenraum');
  await page.keyboard.press('Tab');
  await expect(pickerField(page, BOOKING_LABELS.articleId)).toBeFocused();
  await page.keyboard.type(String(world.article.number));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(pickerField(page, BOOKING_LABELS.articleId)).toHaveValue(
    `${String(world.article.number).padStart(6, '0')} – ${world.article.name}`,
  );
  await page.keyboard.press('Tab');
  await expect(field(page, BOOKING_LABELS.additionalInformation)).toBeFocused();
  await page.keyboard.press('Enter'); // submits the form
  await expect(page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingSaved })).toBeVisible();

  // The list filter finds it the same way, and the choice comes first next time.
  await page.goto('/transactions');
  await page.getByRole('button', { name: L.filter, exact: true }).click();
  const filter = pickerField(page, L.debitor);
  await filter.click();
  await expect(listbox.getByRole('option').first()).toHaveAccessibleName(
    `${langenLabel} Bahnstraße 2, 63225 Langen`,
  );
  await filter.fill(`Langen ${tag}`);
  await expect(listbox.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`debitor=${langen.number}`));
  await expect(page.locator('.bookings-table tbody tr')).toHaveCount(1);
  await expect(page.locator('.bookings-table tbody tr')).toContainText(`PK-${tag}`);
  expect(await cspViolations(page)).toEqual([]);
});

/** Resolves once the browser has painted twice: a scroll's event has been handled by then. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test('in a short window the list fits between field and window edge: opening chooses nothing, the wheel scrolls the list, not the page', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  // More debitors than the list's 240 px show at once.
  for (let index = 0; index < 8; index += 1) await createDebitor(request, {}, world.admin);
  await page.setViewportSize({ width: 1280, height: 500 });
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);

  // The field in the middle of the window: neither above nor below is there room for 240 px.
  const debitor = pickerField(page, BOOKING_LABELS.debitorId);
  await debitor.evaluate((input) => input.scrollIntoView({ block: 'center' }));
  await settled(page);
  const scrollY = await page.evaluate(() => window.scrollY);
  await debitor.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  // The click only opened the list: the list did not lie over the field, so its release chose nothing.
  await expect(debitor).toHaveValue('');
  const [field, list] = [await debitor.boundingBox(), await listbox.boundingBox()];
  const windowHeight = page.viewportSize()?.height ?? 0;
  expect(list && field && (list.y + list.height <= field.y || list.y >= field.y + field.height)).toBe(true);
  expect(list && list.y >= 0 && list.y + list.height <= windowHeight).toBe(true);

  // The wheel over the list scrolls the list to its end and stops there; the page stays put, so the
  // list stays open (react-aria closes it when the page scrolls).
  await page.mouse.move(list!.x + list!.width / 2, list!.y + list!.height / 2);
  // Twice: the browser hands the wheel on to the page only in a gesture that starts at the list's end.
  for (let gesture = 0; gesture < 2; gesture += 1) {
    await page.mouse.wheel(0, 5_000);
    await settled(page);
    await page.waitForTimeout(600);
  }
  await expect(debitor).toHaveAttribute('aria-expanded', 'true');
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
  await expect(listbox.getByRole('option').last()).toBeInViewport();

  // Typed text stays while choosing: the record is found and taken.
  await debitor.fill(world.debitor.name);
  await optionNamed(page, `${world.debitor.number} – ${world.debitor.name}`).click();
  await expect(debitor).toHaveValue(`${world.debitor.number} – ${world.debitor.name}`);
});

test('the list stays on its side of the field while the typed text filters it', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  // Enough debitors that the whole list needs more room than there is below a field low in the window.
  for (let index = 0; index < 8; index += 1) await createDebitor(request, {}, world.admin);
  await page.setViewportSize({ width: 1280, height: 600 });
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);

  // The field 150 px above the window's bottom edge: the whole list opens above it.
  const debitor = pickerField(page, BOOKING_LABELS.debitorId);
  await debitor.evaluate((input) => {
    const spacer = document.createElement('div');
    spacer.style.height = '2000px';
    document.body.append(spacer);
    window.scrollBy(0, input.getBoundingClientRect().bottom - (window.innerHeight - 150));
  });
  await settled(page);
  await debitor.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const field = (await debitor.boundingBox())!;
  const isAbove = async () => {
    const list = (await listbox.boundingBox())!;
    return list.y + list.height <= field.y;
  };
  expect(await isAbove()).toBe(true);

  // Typing leaves one option: the short list would fit below, but it stays where the user looks.
  await debitor.fill(world.debitor.name);
  await expect(listbox.getByRole('option')).toHaveCount(1);
  for (let frame = 0; frame < 3; frame += 1) {
    await settled(page);
    await page.waitForTimeout(200);
    expect(await isAbove()).toBe(true);
  }
  const list = (await listbox.boundingBox())!;
  // And it still touches the field: the option is where the list was, next to what was typed.
  expect(field.y - (list.y + list.height)).toBeLessThan(8);
  await optionNamed(page, `${world.debitor.number} – ${world.debitor.name}`).click();
  await expect(debitor).toHaveValue(`${world.debitor.number} – ${world.debitor.name}`);
});

test('a number typed into a picker is chosen by Enter, Tab or leaving the field; Escape keeps the previous choice', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const other = await createDebitor(request, {}, world.admin);
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);
  const debitor = pickerField(page, BOOKING_LABELS.debitorId);
  const article = pickerField(page, BOOKING_LABELS.articleId);
  const debitorLabel = (d: { number: number; name: string }) => `${d.number} – ${d.name}`;

  // Enter: the record of the typed number, with nothing marked in the list; the list closes.
  await debitor.click();
  await page.keyboard.type(String(world.debitor.number));
  await page.keyboard.press('Enter');
  await expect(debitor).toHaveValue(debitorLabel(world.debitor));
  await expect(page.getByRole('listbox')).toHaveCount(0);

  // Enter on text that matches several records chooses the first match, which the typing marked
  // (the ARIA combobox's list autocomplete, issue 57 item 5); the form is not sent.
  const both = 'Debitor';
  await debitor.fill('');
  await page.keyboard.type(both);
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('Enter');
  await expect(debitor).toHaveValue(/^\d+ – Debitor \d+$/);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await debitor.fill(String(world.debitor.number));
  await page.keyboard.press('Enter');
  await expect(debitor).toHaveValue(debitorLabel(world.debitor));

  // Escape: the previous choice stays.
  await debitor.fill(String(other.number));
  await page.keyboard.press('Escape');
  await expect(debitor).toHaveValue(debitorLabel(world.debitor));

  // Tab: chosen, and the keyboard goes on to the next field. Leading zeros as the label shows them.
  await article.click();
  await page.keyboard.type(String(world.article.number).padStart(6, '0'));
  await page.keyboard.press('Tab');
  await expect(article).toHaveValue(
    `${String(world.article.number).padStart(6, '0')} – ${world.article.name}`,
  );
  await expect(field(page, BOOKING_LABELS.additionalInformation)).toBeFocused();

  // Leaving the field by a click: the typed number is chosen too.
  await debitor.fill(String(other.number));
  await page.locator('h1').click();
  await expect(debitor).toHaveValue(debitorLabel(other));
});

test('text that names several debitors or none stays when the field is left, chooses nothing and says why', async ({
  page,
  request,
}) => {
  const world = await createBookingWorld(request);
  const tag = `U${uniqueNumber()}`;
  const name = `Stadtbücherei ${tag}`;
  const first = await createDebitor(request, { name, city: 'Hanau' }, world.admin);
  await createDebitor(request, { name, city: 'Langen' }, world.admin);
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);
  const debitor = pickerField(page, BOOKING_LABELS.debitorId);
  const listbox = page.getByRole('listbox');

  // Chosen first, then the user types the shared name over it and tabs on: the typing stays, the
  // earlier choice is gone (nothing is saved under a name the field no longer shows), and the field
  // says what to do.
  await debitor.fill(String(first.number));
  await page.keyboard.press('Tab');
  await expect(debitor).toHaveValue(`${first.number} – ${name}`);
  await debitor.fill(name);
  await page.keyboard.press('Tab');
  await expect(debitor).toHaveValue(name);
  await expect(field(page, BOOKING_LABELS.deliveryLocation)).toBeFocused();
  // The note first, then the form's own error: the field is required and holds no choice.
  await expect(debitor).toHaveAccessibleDescription(
    `${UI_LABELS.comboboxSeveralMatches(2)} ${MESSAGES.required}`,
  );

  // Back in the field, the list offers the two the text matches.
  await debitor.click();
  await expect(listbox.getByRole('option')).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(debitor).toHaveValue(`${first.number} – ${name}`);
  await expect(page.getByText(UI_LABELS.comboboxSeveralMatches(2))).toHaveCount(0);

  // In the list filter, text that matches nothing stays with its note; resetting the filter empties it.
  await page.goto('/transactions');
  await page.getByRole('button', { name: L.filter, exact: true }).click();
  const filter = pickerField(page, L.debitor);
  await filter.fill(`kein ${tag}`);
  await page.keyboard.press('Tab');
  await expect(filter).toHaveValue(`kein ${tag}`);
  await expect(page.getByText(UI_LABELS.comboboxNoMatch)).toBeVisible();
  await page.getByRole('button', { name: L.resetFilter }).click();
  await expect(filter).toHaveValue('');
  await expect(page.getByText(UI_LABELS.comboboxNoMatch)).toHaveCount(0);
});
