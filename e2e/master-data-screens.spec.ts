// Screenshots of the master-data lists and forms at desktop and phone width, for a person to look at.
// Runs only when SCREENSHOTS_DIR is set: SCREENSHOTS_DIR=/tmp/screens/master-data npm run test:e2e
import { test, type Page } from '@playwright/test';
import path from 'node:path';
import { adminToken } from './support/api';
import { loginWithStoredSession } from './support/login';
import {
  createArticle,
  createCreditor,
  createDebitor,
  createSupplier,
  createUser,
} from './support/master-data';
import { answerDialog } from './support/dialogs';

const directory = process.env.SCREENSHOTS_DIR;
test.skip(!directory, 'screenshots only when SCREENSHOTS_DIR is set');

const WIDTHS = [1280, 360] as const;

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(directory ?? '', `${name}-${width}.png`), fullPage: true });
  }
}

test('master-data screens', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  await createArticle(request, { name: 'Recyclingpapier A4, 80 g/m², weiß, 500 Blatt' }, admin);
  await createArticle(request, { name: 'Toner schwarz', isActive: false }, admin);
  const { creditor, user } = await createSupplier(request, admin);
  await createCreditor(request, { name: 'Büromaterial Müller & Söhne GmbH & Co. KG' }, admin);
  await createUser(request, { isAdmin: true }, admin);
  const debitor = await createDebitor(
    request,
    {
      name: 'Verbandsgemeinde Musterstadt-Süd',
      street: 'Am Alten Rathaus 12a',
      zipCode: '67890',
      city: 'Musterstadt an der Weinstraße',
    },
    admin,
  );

  await loginWithStoredSession(page, '/management/articles');
  await shoot(page, 'list-articles');
  await page.goto('/management/creditors');
  await shoot(page, 'list-creditors');
  await page.goto('/management/debitors');
  await shoot(page, 'list-debitors');
  await page.goto('/management/users');
  await shoot(page, 'list-users');

  await page.goto('/management/articles/edit?id=999');
  await shoot(page, 'edit-article');
  await page.goto('/management/creditors/edit?id=new');
  await page.getByLabel(/^Kreditornummer/).fill('12x');
  await page.getByLabel(/^Name/).fill('Neu');
  await page.getByLabel(/^Name/).fill('');
  await shoot(page, 'edit-creditor-new-invalid');
  await page.goto(`/management/debitors/edit?id=${debitor.number}`);
  await shoot(page, 'edit-debitor');
  await page.goto(`/management/users/edit?id=${user.id}`);
  await shoot(page, 'edit-user');
  await page.goto('/management/users/edit?id=new');
  await shoot(page, 'edit-user-new');

  await page.goto(`/management/creditors/edit?id=${creditor.number}`);
  const confirmed = answerDialog(page, true);
  await page.getByRole('button', { name: 'Löschen' }).click();
  await confirmed;
  await page.getByRole('alert').waitFor();
  await shoot(page, 'edit-creditor-delete-failed');

  await loginWithStoredSession(page, '/management', user.emailAddress, user.password);
  await shoot(page, 'hub-supplier');
  await page.goto(`/management/creditors/edit?id=${creditor.number}`);
  await shoot(page, 'edit-creditor-supplier');
});
