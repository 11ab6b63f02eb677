// Password reset end to end through a real SMTP server: the link in the mail is built from PUBLIC_URL
// (never the Host or X-Forwarded-Host), works once within 60 minutes, sets a password under the
// user form's rules, revokes the user's sessions and is audited; unknown, inactive and known
// addresses get the same answer in the same time.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MASTER_DATA_MESSAGES, PASSWORD_RESET_MESSAGES } from '@lp/domain/messages';
import { auditEntries, passwordTokens, users } from '../../db/schema';
import { createTestApp, ADMIN_EMAIL, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
import { mailConfig, outboxRows } from '../../../test/mail-support';
import { startTestRelay, type TestRelay } from '../../../test/smtp-relay';
import { RESET_ANSWER_MS } from './password-reset.routes';

let relay: TestRelay;
let t: TestApp & { close(): Promise<void> };

beforeAll(async () => {
  relay = await startTestRelay();
  t = await createTestApp(mailConfig(relay.url));
});
afterAll(async () => {
  await t?.close();
  await relay?.stop();
});

const NEW_PASSWORD = 'Neues-Kennwort-2026';
const requestReset = (emailAddress: unknown, headers: Record<string, string> = {}) =>
  t.request(undefined, { method: 'POST', url: '/api/password-reset', payload: { emailAddress }, headers });
const confirm = (token: unknown, password: unknown) =>
  t.request(undefined, { method: 'POST', url: '/api/password-reset/confirm', payload: { token, password } });

/** The token of the newest mail to `address`, read from its link. */
async function tokenFromMail(address: string): Promise<{ link: string; token: string }> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mail = relay.received.filter((m) => m.envelopeTo.includes(address)).at(-1);
    const link = mail?.parsed.text?.match(/https?:\/\/\S+/)?.[0];
    if (link) return { link, token: new URL(link).searchParams.get('token')! };
    if (Date.now() > until) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /api/password-reset', () => {
  it('answers a known, an unknown and an inactive address alike (202, same text, same time)', async () => {
    const known = await createUser(t.db);
    const inactive = await createUser(t.db, { isActive: false });
    const answers = [];
    await requestReset('aufwaermen@example.org'); // connections and code paths warmed up first
    for (const address of [known.emailAddress, 'niemand@example.org', inactive.emailAddress]) {
      const started = performance.now();
      const res = await requestReset(address);
      answers.push({ status: res.statusCode, body: res.body, ms: performance.now() - started });
    }
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(JSON.parse(answers[0]!.body)).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    for (const { ms } of answers) {
      expect(ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
      // The work runs beside the fixed wait; a loaded machine (the suite runs in parallel) may add.
      expect(ms).toBeLessThan(RESET_ANSWER_MS + 3000);
    }
    const outbox = await outboxRows(t.db);
    expect(outbox.filter((m) => m.kind === 'passwordReset').map((m) => m.recipients)).toEqual([
      [known.emailAddress],
    ]);
  });

  it('refuses a body without an address and one with a forbidden character (400, German)', async () => {
    const none = await t.request(undefined, { method: 'POST', url: '/api/password-reset', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe(MESSAGES.required);
    const bad = await requestReset('a\u0000@example.org');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(MESSAGES.forbiddenCharacter);
  });

  it('builds the link from PUBLIC_URL only, whatever Host and X-Forwarded-Host say', async () => {
    const user = await createUser(t.db);
    await requestReset(user.emailAddress, {
      host: 'evil.example.com',
      'x-forwarded-host': 'evil.example.com',
      'x-forwarded-proto': 'http',
    });
    const { link } = await tokenFromMail(user.emailAddress);
    expect(link.startsWith('https://portal.example.org/reset-password?token=')).toBe(true);
    expect(link).not.toContain('evil');
  });

  it('stores the token hashed, never as sent', async () => {
    const user = await createUser(t.db);
    await requestReset(user.emailAddress);
    const { token } = await tokenFromMail(user.emailAddress);
    const rows = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash.toString('base64url')).not.toBe(token);
    expect(rows[0]!.tokenHash).toHaveLength(32);
    expect(token.length).toBeGreaterThanOrEqual(43);
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('sets the password once, revokes the sessions and records it in the audit trail', async () => {
    const user = await createUser(t.db);
    const session = await t.login(user.emailAddress);
    await requestReset(user.emailAddress);
    const { token } = await tokenFromMail(user.emailAddress);

    const res = await confirm(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.done });
    expect((await t.request(session, { method: 'GET', url: `/api/users/${user.id}` })).statusCode).toBe(401);
    await expect(t.login(user.emailAddress)).rejects.toThrow();
    expect(await t.login(user.emailAddress, NEW_PASSWORD)).toBeTruthy();
    const audit = await t.db
      .select()
      .from(auditEntries)
      .where(sql`${auditEntries.entity} = 'user' and ${auditEntries.entityKey} = ${user.id}`);
    expect(audit.map((a) => [a.action, a.userEmailAddress, a.changes])).toEqual([
      ['update', user.emailAddress, { password: { changed: true } }],
    ]);

    const again = await confirm(token, 'Noch-ein-Kennwort-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].message).toBe(PASSWORD_RESET_MESSAGES.tokenUsed);
  });

  it('refuses an expired and an unknown token, and a password the user form refuses (nothing changed)', async () => {
    const user = await createUser(t.db);
    await requestReset(user.emailAddress);
    const { token } = await tokenFromMail(user.emailAddress);
    const [before] = await t.db.select().from(users).where(eq(users.id, user.id));

    for (const [password, message] of [
      ['kurz', MESSAGES.minLength(10)],
      ['passwort123', MASTER_DATA_MESSAGES.passwordTooCommon],
      [user.emailAddress, MASTER_DATA_MESSAGES.passwordIsEmailAddress],
    ] as const) {
      const res = await confirm(token, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    const unknown = await confirm('x'.repeat(43), NEW_PASSWORD);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].message).toBe(PASSWORD_RESET_MESSAGES.tokenUnknown);
    expect((await confirm(undefined, NEW_PASSWORD)).statusCode).toBe(400);

    await t.db
      .update(passwordTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordTokens.userId, user.id));
    const expired = await confirm(token, NEW_PASSWORD);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].message).toBe(PASSWORD_RESET_MESSAGES.tokenExpired);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect(after!.tokenVersion).toBe(before!.tokenVersion);
  });

  it('makes a token expire 60 minutes after the request', async () => {
    const user = await createUser(t.db);
    await requestReset(user.emailAddress);
    const [row] = await t.db
      .select({
        minutes: sql<number>`extract(epoch from ${passwordTokens.expiresAt} - ${passwordTokens.createdAt}) / 60`,
      })
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, user.id));
    expect(Number(row!.minutes)).toBeCloseTo(60, 5);
  });
});

describe('throttling', () => {
  it('sends at most three reset mails to one address per window, answering alike', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) expect((await requestReset(user.emailAddress)).statusCode).toBe(202);
    const mails = (await outboxRows(t.db)).filter((m) => m.recipients.includes(user.emailAddress));
    expect(mails).toHaveLength(3);
  });

  it('answers 429 to a client past the login limit', async () => {
    const limited = await createTestApp({
      ...mailConfig(undefined),
      loginThrottle: { ...t.config.loginThrottle, addressLimit: 2 },
    });
    try {
      const send = () =>
        limited.request(undefined, {
          method: 'POST',
          url: '/api/password-reset',
          payload: { emailAddress: ADMIN_EMAIL },
        });
      expect((await send()).statusCode).toBe(202);
      expect((await send()).statusCode).toBe(202);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().errors[0].message).toBe(PASSWORD_RESET_MESSAGES.rateLimited);
    } finally {
      await limited.close();
    }
  });
});
