// Accessibility (issue 12 item 11): the login screen and an open picker pass axe-core without a
// serious or critical violation (WCAG 2.1 A and AA rules; every other screen is walked in
// every-screen.spec.ts); the manual entry is filled and submitted with the keyboard alone; every
// element the Tab key reaches on the way shows where the focus is.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BOOKING_LABELS, INPUT_LABELS } from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { createBookingWorld, daysAgo, germanDate, type BookingWorld } from './support/bookings';
import { loginWithStoredSession } from './support/login';
import { pickerField } from './support/pickers';
import { field } from './support/fields';
import { seriousViolations } from './support/axe';
import { inspectScreens } from './support/screens';

/** Opens each path and collects its violations, by path (so a failure names the screen). */
const auditScreens = (page: Page, paths: string[]) =>
  inspectScreens(page, paths, (p) => seriousViolations(p));

let world: BookingWorld;
test.beforeAll(async ({ request }) => {
  world = await createBookingWorld(request);
});

test('the login screen has no serious accessibility violation', async ({ page }) => {
  expect(await auditScreens(page, ['/login'])).toEqual({});
});

test('an open picker list and a refused date have no serious violation', async ({ page }) => {
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);
  const date = field(page, BOOKING_LABELS.invoiceDate);
  await date.fill('31.02.2025');
  await date.blur();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  const debitor = pickerField(page, BOOKING_LABELS.debitorId);
  await debitor.click();
  await debitor.fill(String(world.debitor.number));
  await expect(page.getByRole('listbox')).toBeVisible();
  // While its list is open, react-aria's combobox hides the rest of the page from assistive
  // technology (aria-hidden), because the list lives in a portal at the end of the document; axe
  // reports the focusable elements in there (aria-hidden-focus). That is the library's deliberate
  // design (adobe/react-spectrum#4937); what matters to a user is that it lasts only while the list
  // is open, and that Tab closes it, which the lines after the audit check.
  expect(await seriousViolations(page, ['aria-hidden-focus'])).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.locator('[aria-hidden="true"]:has(a, button, input)')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

/** Whether the focused element draws a focus indicator (an outline or a ring) the user can see. */
async function focusIsVisible(page: Page): Promise<{ element: string; visible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { element: 'body', visible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return { element: `${element.tagName.toLowerCase()} "${name}"`, visible: outline || ring };
  });
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab until `target` has the focus (at most 40 times), checking on the way that every element
 * reached shows its focus.
 */
async function tabTo(page: Page, target: Locator, invisible: string[]): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
    const focus = await focusIsVisible(page);
    if (!focus.visible) invisible.push(focus.element);
  }
  throw new Error('The Tab key never reached the field');
}

test('a booking is entered and saved with the keyboard alone, the focus always visible', async ({ page }) => {
  await loginWithStoredSession(page, '/input/manual', world.user.emailAddress, world.user.password);
  await expect(field(page, BOOKING_LABELS.invoiceDate)).toBeVisible();
  const invisible: string[] = [];
  const invoiceNumber = `KB-${Date.now()}`;

  await tabTo(page, field(page, BOOKING_LABELS.invoiceDate), invisible);
  await page.keyboard.type(germanDate(daysAgo(3)));
  await tabTo(page, field(page, BOOKING_LABELS.invoiceNumber), invisible);
  await page.keyboard.type(invoiceNumber);
  await tabTo(page, field(page, BOOKING_LABELS.net), invisible);
  await page.keyboard.type('99,50');
  for (const [label, query] of [
    [BOOKING_LABELS.debitorId, String(world.debitor.number)],
    [BOOKING_LABELS.articleId, String(world.article.number)],
  ] as const) {
    const picker = pickerField(page, label);
    await tabTo(page, picker, invisible);
    await page.keyboard.type(query);
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveValue(new RegExp(`– `));
    if (label === BOOKING_LABELS.debitorId) {
      await tabTo(page, field(page, BOOKING_LABELS.deliveryLocation), invisible);
      await page.keyboard.type('Rathaus, Eingang B');
    }
  }
  const submit = page.getByRole('button', { name: INPUT_LABELS.checkAndSave, exact: true });
  await tabTo(page, submit, invisible);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingSaved })).toBeVisible();
  expect(invisible).toEqual([]);
  const stored = await page.request.get('/api/transactions', {
    params: { searchQuery: invoiceNumber },
    headers: { authorization: `Bearer ${world.token}` },
  });
  const body = (await stored.json()) as { items: { invoiceNumber: string; net: number }[] };
  expect(body.items).toEqual([expect.objectContaining({ invoiceNumber, net: 99.5 })]);
});
