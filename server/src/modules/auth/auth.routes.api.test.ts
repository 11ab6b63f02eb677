import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { users } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { ADMIN_EMAIL, TEST_PASSWORD, useTestApp } from '../../../test/test-app';

const t = useTestApp();

const tokenRequest = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/getsecuretoken',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('POST /api/getsecuretoken', () => {
  it('issues a bearer token for valid credentials, case-insensitive user name', async () => {
    const res = await tokenRequest({
      grant_type: 'password',
      username: ADMIN_EMAIL.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(t.config.tokenLifetimeSeconds);
    expect(typeof body.access_token).toBe('string');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the same German invalid_grant for unknown user, wrong password and inactive user', async () => {
    const inactive = await createUser(t.db, { isActive: false });
    const answers = await Promise.all([
      tokenRequest({ grant_type: 'password', username: 'nobody@test.example', password: TEST_PASSWORD }),
      tokenRequest({ grant_type: 'password', username: ADMIN_EMAIL, password: 'wrong-password' }),
      tokenRequest({ grant_type: 'password', username: inactive.emailAddress, password: TEST_PASSWORD }),
      tokenRequest({ grant_type: 'password', username: '', password: '' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: MESSAGES.loginFailed });
    }
  });

  it('refuses other grant types with the OAuth error', async () => {
    const res = await tokenRequest({
      grant_type: 'client_credentials',
      username: ADMIN_EMAIL,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('unsupported_grant_type');
  });

  it('answers a JSON body without grant type with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/getsecuretoken',
      payload: '{"x":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
  });
});

describe('token revocation', () => {
  // Changed by SQL (a CLI, an administrator): a read is refused once PostgreSQL announces the change,
  // which the session cache waits for (decision 0034; session-cache.api.test.ts holds it back).
  it('refuses a token when the user is deactivated, deleted or has a new token version by SQL', async () => {
    const user = await createUser(t.db);
    const url = `/api/users/single?name=${encodeURIComponent(user.emailAddress)}`;
    const status = (token: string) => t.request(token, { method: 'GET', url }).then((res) => res.statusCode);
    const refused = (token: string) => expect.poll(() => status(token), { timeout: 2_000 }).toBe(401);
    const token = await t.login(user.emailAddress);
    expect(await status(token)).toBe(200);

    await t.db
      .update(users)
      .set({ tokenVersion: user.tokenVersion + 1 })
      .where(eq(users.id, user.id));
    await refused(token);

    const fresh = await t.login(user.emailAddress);
    expect(await status(fresh)).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await refused(fresh);

    await t.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    const third = await t.login(user.emailAddress);
    expect(await status(third)).toBe(200);
    await t.db.delete(users).where(eq(users.id, user.id));
    await refused(third);
  });

  it('refuses missing, malformed, tampered and expired tokens with 401 and the German message', async () => {
    const url = `/api/users/single?name=${ADMIN_EMAIL}`;
    const token = await t.login(ADMIN_EMAIL);
    const tampered = token.slice(0, -3) + (token.endsWith('aaa') ? 'bbb' : 'aaa');
    for (const auth of [undefined, 'Bearer', 'Basic abc', `Bearer ${tampered}`, 'Bearer not.a.jwt']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'UNAUTHORIZED',
        errors: [{ property: '', message: MESSAGES.unauthorized }],
      });
    }
  });
});
