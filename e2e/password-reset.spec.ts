// The whole password reset in the browser: "Passwort vergessen?" on the login screen, the request,
// the mail as a real SMTP server receives it, its link, the new password, and the login with it.
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { LOGIN_LABELS, PASSWORD_RESET_LABELS } from '@lp/domain/labels';
import { PASSWORD_RESET_MESSAGES } from '@lp/domain/messages';
import { adminToken, bearer } from './support/api';
import { BASE_URL, E2E_SMTP_PORT } from './support/environment';
import { fillLoginForm } from './support/login';

interface Received {
  to: string[];
  text: string;
}
const received: Received[] = [];
let relay: SMTPServer;

test.beforeAll(async () => {
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      void simpleParser(stream).then((mail) => {
        received.push({ to, text: mail.text ?? '' });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  expect((relay.server.address() as AddressInfo).port).toBe(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => relay.close(() => resolve()));
});

test('a user who forgot the password sets a new one through the mailed link and signs in with it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = `vergessen-${Date.now()}@e2e.example`;
  const created = await request.post('/api/users', {
    headers: bearer(await adminToken(request)),
    data: { emailAddress: email, password: 'Altes-Kennwort-2026', isAdmin: true, isActive: true },
  });
  expect((await created.json()) as { errors: unknown[] }).toMatchObject({ errors: [] });

  await page.goto('/login');
  await page.getByRole('link', { name: LOGIN_LABELS.forgotPassword }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: PASSWORD_RESET_LABELS.requestHeading }),
  ).toBeVisible();
  await page.getByLabel(PASSWORD_RESET_LABELS.emailAddress).fill(email);
  await page.getByRole('button', { name: PASSWORD_RESET_LABELS.requestSubmit }).click();
  await expect(page.getByText(PASSWORD_RESET_MESSAGES.requested)).toBeVisible();

  // The server delivers through the relay (retrying if its first attempt came before it listened).
  await expect.poll(() => received.some((m) => m.to.includes(email)), { timeout: 30_000 }).toBe(true);
  const mail = received.find((m) => m.to.includes(email))!;
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  expect(link.startsWith(`${BASE_URL}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await page.getByLabel(PASSWORD_RESET_LABELS.password, { exact: true }).fill('Neues-Kennwort-2026');
  await page.getByLabel(PASSWORD_RESET_LABELS.passwordRepeat).fill('Neues-Kennwort-2026');
  await page.getByRole('button', { name: PASSWORD_RESET_LABELS.setSubmit }).click();
  await expect(page.getByText(PASSWORD_RESET_MESSAGES.done)).toBeVisible();

  // Once only: the same link again is refused.
  await page.goto(link);
  await page.getByLabel(PASSWORD_RESET_LABELS.password, { exact: true }).fill('Drittes-Kennwort-2026');
  await page.getByLabel(PASSWORD_RESET_LABELS.passwordRepeat).fill('Drittes-Kennwort-2026');
  await page.getByRole('button', { name: PASSWORD_RESET_LABELS.setSubmit }).click();
  await expect(page.getByText(PASSWORD_RESET_MESSAGES.tokenUsed)).toBeVisible();

  await fillLoginForm(page, email, 'Neues-Kennwort-2026');
  await expect(page).toHaveURL(/\/transactions/);
});
