import { expect, test, type Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY, USER_STORAGE_KEY } from '../web/src/lib/storage-keys';
import { LOGIN_LABELS, NAV_LABELS, UI_LABELS } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { ADMIN, FOOTER } from './support/environment';
import { fillLoginForm, loginViaForm, loginWithStoredSession } from './support/login';

const storedSession = (page: Page) =>
  page.evaluate(
    ([tokenKey, userKey]) => ({ token: localStorage.getItem(tokenKey), user: localStorage.getItem(userKey) }),
    [ACCESS_TOKEN_KEY, USER_STORAGE_KEY] as const,
  );

const loginHeading = (page: Page) => page.getByRole('heading', { level: 1, name: LOGIN_LABELS.heading });

test('the empty path leads to the login screen', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginHeading(page)).toBeVisible();
  await expect(page.getByLabel(LOGIN_LABELS.username)).toBeVisible();
  await expect(page.getByLabel(LOGIN_LABELS.password)).toBeVisible();
  await expect(page.getByRole('button', { name: LOGIN_LABELS.submit })).toBeVisible();
});

test('a wrong password shows the German failure text and stores nothing', async ({ page }) => {
  await fillLoginForm(page, ADMIN.email, 'falsches-Passwort-123');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(`${MESSAGES.loginFailedPrefix}${MESSAGES.loginFailed}`);
  await expect(alert).toContainText(MESSAGES.loginFailedAdvice);
  // The failure has the keyboard: Anmelden was disabled while it ran.
  await expect(page.locator('.status-box', { has: alert })).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toEqual({ token: null, user: null });
});

test('empty fields are reported before anything is sent', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: LOGIN_LABELS.submit }).click();
  await expect(page.getByText(MESSAGES.required)).toHaveCount(2);
  await expect(page.getByLabel(LOGIN_LABELS.username)).toHaveAttribute('aria-invalid', 'true');
});

test('the admin signs in, lands on the bookings route and sees the menu', async ({ page }) => {
  await loginViaForm(page);
  const menu = page.getByRole('navigation', { name: UI_LABELS.mainMenu });
  await expect(menu.getByRole('link', { name: NAV_LABELS.input })).toHaveAttribute(
    'title',
    NAV_LABELS.inputTooltip,
  );
  await expect(menu.getByRole('link', { name: NAV_LABELS.bookings })).toHaveAttribute(
    'title',
    NAV_LABELS.bookingsTooltip,
  );
  await expect(menu.getByRole('link', { name: NAV_LABELS.management })).toHaveAttribute(
    'title',
    NAV_LABELS.managementTooltip,
  );
  await expect(menu.getByRole('link', { name: `${ADMIN.email} ${NAV_LABELS.logout}` })).toHaveAttribute(
    'href',
    '/logout',
  );
  const session = await storedSession(page);
  expect(session.token).toBeTruthy();
  expect(JSON.parse(session.user ?? 'null')).toMatchObject({ emailAddress: ADMIN.email, isAdmin: true });
});

test('a signed-in user opening /login goes to the bookings route', async ({ page }) => {
  await loginWithStoredSession(page, '/login');
  await expect(page).toHaveURL(/\/transactions$/);
});

test('logging out shows "Abmelden...", clears the session and returns to the login screen', async ({
  page,
}) => {
  await loginViaForm(page);
  const { token } = await storedSession(page);
  const revoked = page.waitForResponse((r) => r.url().endsWith('/api/logout'));
  // The text shows only for a moment, so a watcher inside the page records that it appeared.
  const sawLoggingOut = page.evaluate(
    (text) =>
      new Promise<boolean>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.body.textContent?.includes(text)) {
            observer.disconnect();
            resolve(true);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    NAV_LABELS.loggingOut,
  );
  await page.getByRole('link', { name: `${ADMIN.email} ${NAV_LABELS.logout}` }).click();
  expect(await sawLoggingOut).toBe(true);
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginHeading(page)).toBeVisible();
  await expect(page.getByRole('navigation', { name: UI_LABELS.mainMenu })).toHaveCount(0);
  expect(await storedSession(page)).toEqual({ token: null, user: null });
  // The server revoked the token: a copy of it is refused.
  expect((await revoked).status()).toBe(204);
  const copied = await page.request.get('/api/articles', { headers: { authorization: `Bearer ${token}` } });
  expect(copied.status()).toBe(401);
});

test('a deep link without a session goes to the login screen', async ({ page }) => {
  await page.goto('/management/articles');
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginHeading(page)).toBeVisible();
});

test('a token the server rejects signs the user out at the next API call', async ({ page }) => {
  await loginViaForm(page);
  await page.waitForLoadState('networkidle');
  // Waiting starts before the token is replaced: a request of the landing page may meet it first.
  const rejected = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
  await page.evaluate((key) => localStorage.setItem(key, 'garbage.token.value'), ACCESS_TOKEN_KEY);
  await page.reload();
  await rejected;
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginHeading(page)).toBeVisible();
  expect(await storedSession(page)).toEqual({ token: null, user: null });
});

test('an unknown path inside the signed-in area shows the German not-found page', async ({ page }) => {
  await loginWithStoredSession(page, '/gibt-es-nicht');
  await expect(page.getByRole('heading', { level: 1, name: UI_LABELS.notFoundHeading })).toBeVisible();
  await expect(page.getByRole('navigation', { name: UI_LABELS.mainMenu })).toBeVisible();
});

test('the footer shows the configured contacts and credit line', async ({ page }) => {
  await page.goto('/login');
  const footer = page.getByRole('contentinfo');
  for (const contact of FOOTER.contacts) {
    await expect(footer.getByText(contact.name)).toBeVisible();
    await expect(footer.getByRole('link', { name: contact.email })).toHaveAttribute(
      'href',
      `mailto:${contact.email}`,
    );
    await expect(footer.getByRole('link', { name: contact.phone })).toBeVisible();
  }
  await expect(footer.getByText(FOOTER.creditLine)).toBeVisible();
});

test('the app runs under the server’s Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await loginViaForm(page);
  await expect(page.getByRole('navigation', { name: UI_LABELS.mainMenu })).toBeVisible();
  expect(violations).toEqual([]);
});
