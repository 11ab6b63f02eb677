// The second factor through the API (decisions.md section 15): enrolment and confirmation, the
// login's second step, recovery codes, replay, throttling, removal, an admin's reset (audited) and
// MFA_FOR_ADMINS=required.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { userRecoveryCodes, userSecondFactors } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { ADMIN_EMAIL, TEST_PASSWORD, useTestApp } from '../../../test/test-app';
import { getHistory } from '../audit/audit.test-support';

const throttle: Config['loginThrottle'] = {
  addressLimit: 100_000,
  addressWindowSeconds: 60,
  accountMaxFailures: 3,
  accountLockSeconds: 60,
  accountLockMaxSeconds: 60,
};
const t = useTestApp({ loginThrottle: throttle });

const others: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of others) await app.close();
});

/** The code of the current 30-second step, or of the step `steps` later (within the tolerance). */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const tokenRequest = (fields: Record<string, string>, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/getsecuretoken',
    payload: new URLSearchParams({ grant_type: 'password', ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const start = (token: string | undefined) => t.request(token, { method: 'POST', url: '/api/users/me/mfa' });
const confirm = (token: string | undefined, code: unknown) =>
  t.request(token, { method: 'POST', url: '/api/users/me/mfa/confirm', payload: { code } });
const status = (token: string | undefined) => t.request(token, { method: 'GET', url: '/api/users/me/mfa' });
const removeOwn = (token: string | undefined, payload: Record<string, unknown>) =>
  t.request(token, { method: 'DELETE', url: '/api/users/me/mfa', payload });
const reset = (token: string | undefined, id: number) =>
  t.request(token, { method: 'DELETE', url: `/api/users/${id}/mfa` });

/** A supplier with a confirmed second factor: its id, name, secret, recovery codes and a token. */
async function enrolledUser(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, values);
  const token = await t.login(user.emailAddress);
  const started = await start(token);
  expect(started.statusCode).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await confirm(token, await codeOf(secret));
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
  return { ...user, secret, recoveryCodes, token };
}

const storedFactor = async (userId: number) =>
  (await t.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId)))[0];

describe('enrolment', () => {
  it('answers 401 without a token on every route', async () => {
    expect((await status(undefined)).statusCode).toBe(401);
    expect((await start(undefined)).statusCode).toBe(401);
    expect((await confirm(undefined, '123456')).statusCode).toBe(401);
    expect((await removeOwn(undefined, { password: 'x', code: '123456' })).statusCode).toBe(401);
    expect((await reset(undefined, 1)).statusCode).toBe(401);
  });

  it('gives a secret, an otpauth URL and a QR code, and needs a first code to take effect', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    expect((await status(token)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      enrolmentRequired: false,
    });
    const res = await start(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { otpauthUrl: string; secret: string; qrCode: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(body.otpauthUrl).toBe(
      `otpauth://totp/Lieferantenportal:${encodeURIComponent(user.emailAddress)}?secret=${body.secret}&issuer=Lieferantenportal`,
    );
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // Not confirmed yet: the login still takes the password alone.
    expect((await tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await status(token)).json().enabled).toBe(false);

    const confirmed = await confirm(token, await codeOf(body.secret));
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect((await status(token)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      enrolmentRequired: false,
    });
    // Stored hashed, never as typed.
    const hashes = await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // A second enrolment while one is in place is refused; the secret stays.
    const again = await start(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'MFA_STATE_CONFLICT',
      errors: [{ property: '', message: MESSAGES.mfaAlreadyEnabled }],
    });
    expect((await storedFactor(user.id))?.secret).toBe(body.secret);
  });

  it('refuses a wrong or malformed first code in German and stores nothing', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    const before = await confirm(token, '123456');
    expect(before.statusCode).toBe(409);
    expect(before.json().errors[0].message).toBe(MESSAGES.mfaNotStarted);
    const { secret } = (await start(token)).json() as { secret: string };
    const good = await codeOf(secret);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    const res = await confirm(token, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'MFA_CODE_INVALID',
      errors: [{ property: 'code', message: MESSAGES.mfaCodeInvalid }],
    });
    for (const bad of ['12', 'x'.repeat(40), 42, null]) {
      const malformed = await confirm(token, bad);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors[0].message).toMatch(/Bestätigungscode|Pflichtfeld|ungültig/);
    }
    expect((await storedFactor(user.id))?.confirmedAt).toBeNull();
    expect(await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))).toEqual(
      [],
    );
  });

  it('counts wrong codes as failed logins of the name: the fourth try waits (429)', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    const { secret } = (await start(token)).json() as { secret: string };
    const good = await codeOf(secret);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 3; i++) expect((await confirm(token, wrong)).statusCode).toBe(400);
    const locked = await confirm(token, good);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await storedFactor(user.id))?.confirmedAt).toBeNull();
    // The login of that name waits too.
    expect((await tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD })).statusCode).toBe(
      429,
    );
  });
});

describe('login with a second factor', () => {
  it('asks for the code only after a correct password, then takes a fresh code once', async () => {
    const user = await enrolledUser();
    const wrongPassword = await tokenRequest({ username: user.emailAddress, password: 'falsch-falsch' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ error: 'invalid_grant', error_description: MESSAGES.loginFailed });

    const needed = await tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD });
    expect(needed.statusCode).toBe(400);
    expect(needed.json()).toEqual({
      error: 'invalid_grant',
      error_description: MESSAGES.mfaCodeNeeded,
      mfa_required: true,
      code: 'MFA_REQUIRED',
    });
    // The confirmation's code is used up (replay refused); the next step's code is taken once.
    const used = await tokenRequest({
      username: user.emailAddress,
      password: TEST_PASSWORD,
      otp: await codeOf(user.secret),
    });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({
      code: 'MFA_CODE_INVALID',
      mfa_required: true,
      error_description: MESSAGES.mfaCodeInvalid,
    });
    const next = await codeOf(user.secret, 1);
    const ok = await tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD, otp: next });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toEqual(expect.any(String));
    const replay = await tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD, otp: next });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('MFA_CODE_INVALID');
    // A code with a wrong password tells nothing of the code.
    const withWrongPassword = await tokenRequest({
      username: user.emailAddress,
      password: 'falsch-falsch',
      otp: next,
    });
    expect(withWrongPassword.json()).toEqual({
      error: 'invalid_grant',
      error_description: MESSAGES.loginFailed,
    });
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const user = await enrolledUser();
    const [first, second] = user.recoveryCodes as [string, string];
    const login = (otp: string) =>
      tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD, otp });
    expect((await login(first.toLowerCase().replace('-', ''))).statusCode).toBe(200);
    expect((await login(first)).statusCode).toBe(400);
    expect((await login(second)).statusCode).toBe(200);
    expect((await status(user.token)).json().recoveryCodesLeft).toBe(8);
  });

  it('throttles wrong codes like wrong passwords: after three, even the right code waits', async () => {
    const user = await enrolledUser();
    const good = await codeOf(user.secret, 1);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 3; i++) {
      const res = await tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD, otp: wrong });
      expect(res.statusCode).toBe(400);
    }
    const locked = await tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD, otp: good });
    expect(locked.statusCode).toBe(429);
    // Asking for the code (a correct password without one) does not count as a failure.
    const other = await enrolledUser();
    for (let i = 0; i < 4; i++) {
      expect(
        (await tokenRequest({ username: other.emailAddress, password: TEST_PASSWORD })).json().code,
      ).toBe('MFA_REQUIRED');
    }
  });

  it('lets two parallel logins with the same code through at most once', async () => {
    const user = await enrolledUser();
    const code = await codeOf(user.secret, 1);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD, otp: code }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  });
});

describe('removal and reset', () => {
  it('removes one’s own second factor only with the password and a code', async () => {
    const user = await enrolledUser();
    const code = await codeOf(user.secret, 1);
    const wrongPassword = await removeOwn(user.token, { password: 'falsch-falsch', code });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors).toEqual([
      { property: 'password', message: MESSAGES.mfaPasswordWrong },
    ]);
    const missing = await removeOwn(user.token, { code });
    expect(missing.statusCode).toBe(400);
    expect((await storedFactor(user.id))?.confirmedAt).not.toBeNull();
    expect((await removeOwn(user.token, { password: TEST_PASSWORD, code })).statusCode).toBe(204);
    expect(await storedFactor(user.id)).toBeUndefined();
    expect(await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))).toEqual(
      [],
    );
    expect((await tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    const none = await removeOwn(user.token, { password: TEST_PASSWORD, code });
    expect(none.statusCode).toBe(409);
    expect(none.json().errors[0].message).toBe(MESSAGES.mfaNotEnabled);
  });

  it('lets an admin reset another user’s second factor, recorded in the audit trail', async () => {
    const user = await enrolledUser();
    const admin = await t.login(ADMIN_EMAIL);
    const res = await reset(admin, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removed: true });
    expect(await storedFactor(user.id)).toBeUndefined();
    expect((await tokenRequest({ username: user.emailAddress, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    const [latest] = await getHistory(t, admin, 'user', user.id);
    expect(latest).toMatchObject({
      userEmailAddress: ADMIN_EMAIL,
      action: 'update',
      changes: { secondFactor: { old: true, new: false } },
    });
    expect((await reset(admin, user.id)).json()).toEqual({ removed: false });
    expect((await reset(admin, 2_000_000_000)).statusCode).toBe(404);
    // One's own needs password and code (Mein Profil), also for an admin.
    const adminUser = await enrolledUser({ isAdmin: true });
    const own = await reset(adminUser.token, adminUser.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0].message).toBe(MESSAGES.mfaOwnReset);
    expect((await storedFactor(adminUser.id))?.confirmedAt).not.toBeNull();
  });

  it('refuses a supplier’s reset of another user (403), its own included, and changes nothing', async () => {
    const victim = await enrolledUser();
    const supplier = await enrolledUser();
    for (const id of [victim.id, supplier.id]) {
      const res = await reset(supplier.token, id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await storedFactor(victim.id))?.confirmedAt).not.toBeNull();
    expect((await storedFactor(supplier.id))?.confirmedAt).not.toBeNull();
    // Another supplier's status and enrolment are out of reach: /me is always the caller's own.
    expect((await status(supplier.token)).json().enabled).toBe(true);
  });

  it('audits the enrolment on the user’s own record', async () => {
    const user = await enrolledUser();
    const admin = await t.login(ADMIN_EMAIL);
    const [latest] = await getHistory(t, admin, 'user', user.id);
    expect(latest).toMatchObject({
      userEmailAddress: user.emailAddress,
      changes: { secondFactor: { old: false, new: true } },
    });
  });
});

describe('MFA_FOR_ADMINS=required', () => {
  it('lets an admin without a second factor do nothing but enrol, then everything', async () => {
    const app = await buildApp({ db: t.db, pool: t.pool, config: { ...t.config, mfaForAdmins: 'required' } });
    others.push(app);
    const admin = await createUser(t.db, { isAdmin: true });
    const supplier = await createUser(t.db);
    const inject = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
    const adminToken = (
      await tokenRequest({ username: admin.emailAddress, password: TEST_PASSWORD }, app)
    ).json().access_token as string;
    const supplierToken = await t.login(supplier.emailAddress);

    const refused = await inject(adminToken, 'GET', '/api/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'MFA_ENROLMENT_REQUIRED',
      errors: [{ property: '', message: MESSAGES.mfaEnrolmentRequired }],
    });
    expect((await inject(adminToken, 'GET', '/api/users/me/mfa')).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      enrolmentRequired: true,
    });
    expect(
      (await inject(adminToken, 'GET', `/api/users/single?name=${encodeURIComponent(admin.emailAddress)}`))
        .statusCode,
    ).toBe(200);
    // Suppliers are not concerned.
    expect((await inject(supplierToken, 'GET', '/api/profile')).statusCode).toBe(200);

    const { secret } = (await inject(adminToken, 'POST', '/api/users/me/mfa')).json() as { secret: string };
    // Confirmed through another server: this one's cached session check hears of it (0047's trigger).
    expect((await inject(adminToken, 'GET', '/api/users')).statusCode).toBe(403); // cached so
    expect((await confirm(adminToken, await codeOf(secret))).statusCode).toBe(200);
    await expect
      .poll(async () => (await inject(adminToken, 'GET', '/api/users')).statusCode, { timeout: 5000 })
      .toBe(200);
  });
});
