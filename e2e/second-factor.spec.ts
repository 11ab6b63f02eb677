// The second factor as a user meets it (decisions.md section 15): enrolment on Mein Profil with the
// QR code and a first code, the recovery codes shown once, then a login with the code as its second
// step. Codes are computed here from the shown secret with the library the server uses.
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import {
  AUDIT_LABELS,
  LOGIN_LABELS,
  MFA_LABELS,
  NAV_LABELS,
  PROFILE_LABELS,
  USER_LABELS,
} from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { seriousViolations } from './support/axe';
import { cspViolations, watchCspViolations } from './support/csp';
import { bearer, requestToken } from './support/api';
import { fillLoginForm, loginViaForm, loginWithStoredSession } from './support/login';
import { createUser } from './support/master-data';

/** The code of the 30-second step `steps` after the current one (the server takes one step ahead). */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test('a user enrols a second factor with the QR code and then signs in with a code', async ({
  page,
  request,
}) => {
  await watchCspViolations(page);
  const user = await createUser(request, { isAdmin: true });
  await loginViaForm(page, user.emailAddress, user.password);

  await page.getByRole('link', { name: PROFILE_LABELS.link }).click();
  const section = page.getByRole('region', { name: MFA_LABELS.heading });
  await expect(section).toContainText(MFA_LABELS.disabled);
  await section.getByRole('button', { name: MFA_LABELS.start }).click();

  // The QR code is drawn (an SVG data URL the CSP allows), and the secret is there to type by hand.
  const qr = section.getByRole('img', { name: MFA_LABELS.qrAlt });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await section.locator('.second-factor__secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await seriousViolations(page)).toEqual([]);

  // A wrong first code is refused in German; the right one confirms.
  const good = await codeOf(secret);
  const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
  await section.getByLabel(MFA_LABELS.code).fill(wrong);
  await section.getByRole('button', { name: MFA_LABELS.confirm }).click();
  await expect(section.getByText(MESSAGES.mfaCodeInvalid)).toBeVisible();
  await section.getByLabel(MFA_LABELS.code).fill(good);
  await section.getByRole('button', { name: MFA_LABELS.confirm }).click();

  const codes = section.getByRole('list', { name: MFA_LABELS.recoveryHeading }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  expect(await seriousViolations(page)).toEqual([]);
  await section.getByRole('button', { name: MFA_LABELS.recoveryDone }).click();
  await expect(section).toContainText(MFA_LABELS.enabled);
  await expect(section).toContainText(MFA_LABELS.recoveryCodesLeft(10));
  expect(await cspViolations(page)).toEqual([]);

  // Signed out, the password alone leads to the second step, which takes the next code.
  await page.getByRole('link', { name: new RegExp(NAV_LABELS.logout) }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLoginForm(page, user.emailAddress, user.password);
  await expect(page.getByText(MFA_LABELS.loginStep)).toBeVisible();
  await expect(page.getByLabel(LOGIN_LABELS.password)).toHaveCount(0);
  const codeField = page.getByLabel(MFA_LABELS.code);
  await expect(codeField).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  // The confirmation's code is used up: replay refused.
  await codeField.fill(good);
  await page.getByRole('button', { name: LOGIN_LABELS.submit }).click();
  await expect(page.getByRole('alert')).toContainText(MESSAGES.mfaCodeInvalid);
  await codeField.fill(await codeOf(secret, 1));
  await page.getByRole('button', { name: LOGIN_LABELS.submit }).click();
  await expect(page).toHaveURL(/\/transactions$/);
});

test('an admin resets another user’s second factor on the edit page, and the history says so', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { isAdmin: true });
  // Enrolled through the API, as the profile does it.
  const token = await requestToken(request, user.emailAddress, user.password);
  const started = await request.post('/api/users/me/mfa', { headers: bearer(token) });
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await request.post('/api/users/me/mfa/confirm', {
    headers: bearer(token),
    data: { code: await codeOf(secret) },
  });
  expect(confirmed.status()).toBe(200);

  await loginWithStoredSession(page, `/management/users/edit?id=${user.id}`);
  const card = page.getByRole('region', { name: MFA_LABELS.reset });
  await card.getByRole('button', { name: MFA_LABELS.reset }).click();
  await expect(card).toContainText(MFA_LABELS.resetConfirm);
  await card.getByRole('button', { name: MFA_LABELS.reset }).click();
  await expect(card.getByText(MFA_LABELS.resetDone)).toBeVisible();
  await expect(page.getByRole('region', { name: AUDIT_LABELS.heading })).toContainText(
    USER_LABELS.secondFactor,
  );
  // The password alone signs the user in again.
  const answer = await request.post('/api/getsecuretoken', {
    form: { grant_type: 'password', username: user.emailAddress, password: user.password },
  });
  expect(answer.status()).toBe(200);
});
