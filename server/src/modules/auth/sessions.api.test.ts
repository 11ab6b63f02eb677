import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { appSettings } from '../../db/schema';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const others: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of others) await app.close();
});
async function anotherServer(overrides: Partial<Config>) {
  const app = await buildApp({ db: t.db, pool: t.pool, config: { ...t.config, ...overrides } });
  others.push(app);
  return app;
}

const ownRecord = (id: number) => ({ method: 'GET' as const, url: `/api/users/${id}` });

describe('POST /api/logout', () => {
  it('revokes the token on the server: a copy of it is refused afterwards', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    const otherSession = await t.login(user.emailAddress);
    const copy = `${token}`;
    expect((await t.request(token, ownRecord(user.id))).statusCode).toBe(200);

    const res = await t.request(token, { method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(204);

    expect((await t.request(copy, ownRecord(user.id))).statusCode).toBe(401);
    expect((await t.request(copy, { method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
    // Only that session ends: the user's other sign-in stays valid.
    expect((await t.request(otherSession, ownRecord(user.id))).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await t.request(undefined, { method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });

  it('is refused by every server on the database', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    const second = await anotherServer({});
    await t.request(token, { method: 'POST', url: '/api/logout' });
    const res = await second.inject({ ...ownRecord(user.id), headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('token claims', () => {
  async function signed(claims: { exp?: boolean; jti?: boolean }, userId: number) {
    const [row] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'token_secret'));
    let jwt = new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer('lieferantenportal')
      .setIssuedAt();
    if (claims.jti) jwt = jwt.setJti('a-token-id');
    if (claims.exp) jwt = jwt.setExpirationTime('1h');
    return jwt.sign(Buffer.from(row!.value, 'base64'));
  }

  it('refuses a validly signed token without expiry or without id', async () => {
    const user = await createUser(t.db);
    expect(
      (await t.request(await signed({ exp: true, jti: true }, user.id), ownRecord(user.id))).statusCode,
    ).toBe(200);
    expect((await t.request(await signed({ jti: true }, user.id), ownRecord(user.id))).statusCode).toBe(401);
    expect((await t.request(await signed({ exp: true }, user.id), ownRecord(user.id))).statusCode).toBe(401);
  });
});

describe('HSTS', () => {
  const health = { method: 'GET' as const, url: '/api/health' };
  const https = { 'x-forwarded-proto': 'https' };

  it('is sent over TLS at a trusted proxy, never over plain HTTP or from an untrusted sender', async () => {
    const behindProxy = await anotherServer({ trustProxy: ['10.9.9.9'] });
    const viaProxy = await behindProxy.inject({ ...health, remoteAddress: '10.9.9.9', headers: https });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');

    const plain = await behindProxy.inject({ ...health, remoteAddress: '10.9.9.9' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await behindProxy.inject({ ...health, remoteAddress: '10.1.1.1', headers: https });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const noProxy = await t.app.inject({ ...health, headers: https });
    expect(noProxy.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent when HSTS=off', async () => {
    const off = await anotherServer({ trustProxy: ['10.9.9.9'], hsts: false });
    const res = await off.inject({ ...health, remoteAddress: '10.9.9.9', headers: https });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
