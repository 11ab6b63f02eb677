// The Änderungsverlauf (decisions.md section 11) as an admin sees it on the edit pages: a change is
// listed at once after saving, newest first, with German labels and old → new; suppliers see none.
// With SCREENSHOTS_DIR set, the history is also photographed (audit/ folder) for a person to look at.
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { isoDayToWire } from '@lp/domain/dates';
import {
  ARTICLE_LABELS,
  AUDIT_LABELS,
  BOOKING_LABELS,
  INPUT_LABELS,
  MASTER_DATA_SCREEN_LABELS,
} from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { createBooking, createBookingWorld } from './support/bookings';
import { ADMIN } from './support/environment';
import { loginWithStoredSession } from './support/login';
import { createArticle } from './support/master-data';

const screenshots = process.env.SCREENSHOTS_DIR && path.join(process.env.SCREENSHOTS_DIR, 'audit');

const history = (page: Page) => page.getByRole('region', { name: AUDIT_LABELS.heading });
const historyRows = (page: Page) => history(page).locator('tbody tr');
/** dd.MM.yyyy HH:mm */
const GERMAN_DATE_TIME = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/;

async function photograph(page: Page, name: string) {
  if (!screenshots) return;
  await history(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

test('an admin edits a booking and sees the change in its history, old → new', async ({ page, request }) => {
  const world = await createBookingWorld(request);
  const id = await createBooking(request, world, {
    invoiceNumber: 'AUDIT-1',
    invoiceDate: isoDayToWire('2026-01-15'),
    deliveryLocation: 'Rathaus',
    net: 100,
  });
  await loginWithStoredSession(page, `/transactions/edit?id=${id}`, ADMIN.email, ADMIN.password);

  // The supplier's create is there from the start.
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText(AUDIT_LABELS.actions.create);
  await expect(historyRows(page).first()).toContainText(world.user.emailAddress);

  const location = page.getByLabel(new RegExp(`^${BOOKING_LABELS.deliveryLocation}( \\*)?$`));
  await location.fill('Bauhof');
  await page.getByRole('button', { name: INPUT_LABELS.checkAndSave, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: BOOKING_UI_MESSAGES.bookingSaved })).toBeVisible();

  // Refreshed after the save: the update comes first, with only the changed field.
  await expect(historyRows(page)).toHaveCount(2);
  const newest = historyRows(page).first().getByRole('cell');
  await expect(newest.nth(0)).toHaveText(GERMAN_DATE_TIME);
  await expect(newest.nth(1)).toHaveText(ADMIN.email);
  await expect(newest.nth(2)).toHaveText(AUDIT_LABELS.actions.update);
  await expect(newest.nth(3)).toHaveText(`${BOOKING_LABELS.deliveryLocation}: Rathaus → Bauhof`);
  await expect(historyRows(page).nth(1)).toContainText(`${BOOKING_LABELS.invoiceDate}: 15.01.2026`);
  await expect(historyRows(page).nth(1)).toContainText(`${BOOKING_LABELS.net}: 100,00`);
  await photograph(page, 'booking-history');

  // The supplier edits the same booking without a history.
  await page.evaluate(() => localStorage.clear());
  await loginWithStoredSession(
    page,
    `/transactions/edit?id=${id}`,
    world.user.emailAddress,
    world.user.password,
  );
  await expect(page.getByLabel(new RegExp(`^${BOOKING_LABELS.deliveryLocation}( \\*)?$`))).toHaveValue(
    'Bauhof',
  );
  await expect(history(page)).toHaveCount(0);
});

test('an admin renames an article and sees it in the article’s history', async ({ page, request }) => {
  const article = await createArticle(request, { name: 'Kopierpapier' });
  await loginWithStoredSession(page, `/management/articles/edit?id=${article.number}`);
  await expect(historyRows(page)).toHaveCount(1);
  await page.getByLabel(new RegExp(`^${ARTICLE_LABELS.name}( \\*)?$`)).fill('Recyclingpapier');
  await page.getByRole('button', { name: MASTER_DATA_SCREEN_LABELS.save, exact: true }).click();
  await expect(historyRows(page)).toHaveCount(2);
  await expect(historyRows(page).first()).toContainText(
    `${ARTICLE_LABELS.name}: Kopierpapier → Recyclingpapier`,
  );
  await photograph(page, 'article-history');
});
