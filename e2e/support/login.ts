// Signing in for specs: through the login form (what a user does), or by placing a session obtained
// from the API into local storage (fast, for specs about other screens).
import { expect, type Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY, USER_STORAGE_KEY } from '../../web/src/lib/storage-keys';
import { LOGIN_LABELS } from '@lp/domain/labels';
import { fetchUser, requestToken } from './api';
import { ADMIN } from './environment';

export async function fillLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(LOGIN_LABELS.username).fill(email);
  await page.getByLabel(LOGIN_LABELS.password).fill(password);
  await page.getByRole('button', { name: LOGIN_LABELS.submit }).click();
}

/** Signs in through the form and waits for the bookings route the app goes to afterwards. */
export async function loginViaForm(
  page: Page,
  email: string = ADMIN.email,
  password: string = ADMIN.password,
) {
  await fillLoginForm(page, email, password);
  await expect(page).toHaveURL(/\/transactions$/);
}

/** Stores a session as the login screen would, without using the form; then opens `path`. */
export async function loginWithStoredSession(
  page: Page,
  path: string,
  email: string = ADMIN.email,
  password: string = ADMIN.password,
): Promise<void> {
  const token = await requestToken(page.request, email, password);
  const user = await fetchUser(page.request, token, email);
  await page.goto('/login');
  await page.evaluate(
    ([tokenKey, userKey, t, u]) => {
      localStorage.setItem(tokenKey, t);
      localStorage.setItem(userKey, u);
    },
    [ACCESS_TOKEN_KEY, USER_STORAGE_KEY, token, JSON.stringify(user)] as const,
  );
  await page.goto(path);
}
