import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { users } from '../db/schema';
import { createUser, createWorld, createWorldBooking } from '../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../test/test-app';
import { isApiPath } from './authentication';

const t = useTestApp();
const unauthorized = { code: 'UNAUTHORIZED', errors: [{ property: '', message: MESSAGES.unauthorized }] };

describe('authentication decided on the matched route', () => {
  it('refuses percent-encoded API paths without a token, whether the record exists or not', async () => {
    const w = await createWorld(t);
    const booking = await createWorldBooking(t.db, w);
    const urls = [
      '/%61pi/users',
      '/%61pi/transactions/' + booking.id,
      '/%61pi/transactions/2147483000',
      '/api/%75sers',
      '/%61%70%69/articles',
      '/api/transactions/%31',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual(unauthorized);
    }
  });

  it('serves a percent-encoded API path like the plain one to a signed-in user', async () => {
    const token = await t.login(ADMIN_EMAIL);
    const res = await t.request(token, { method: 'GET', url: '/%61pi/users' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('needs a token on every route except the token endpoint, the password reset, health and the API docs', async () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(20);
    const open: string[] = [];
    for (const { method, url } of routes) {
      const res = await t.app.inject({ method: method as 'GET', url: url.replace(/:\w+/g, '1') });
      if (res.statusCode !== 401) open.push(`${method} ${url}`);
    }
    expect(open.filter((route) => !route.includes(' /api/docs')).sort()).toEqual([
      'GET /api/health',
      'GET /api/openapi.json',
      'POST /api/getsecuretoken',
      // Whoever forgot the password has no token (decisions.md section 13).
      'POST /api/password-reset',
      'POST /api/password-reset/confirm',
    ]);
  });

  it('answers 401 to a valid token of a user deleted after it was issued, on every path form', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    await t.db.delete(users).where(eq(users.id, user.id));
    for (const url of ['/api/users/' + user.id, '/%61pi/users/' + user.id, '/api/transactions']) {
      const res = await t.request(token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('still answers unknown API paths with 401 without a token, encoded or not', async () => {
    for (const url of [
      '/api/nothing-here',
      '/%61pi/nothing-here',
      '//api/transactions',
      '/API/TRANSACTIONS',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('answers a signed-in caller an API path in another case or with doubled slashes as a JSON 404', async () => {
    const token = await t.login(ADMIN_EMAIL);
    for (const url of ['//api/transactions', '/API/TRANSACTIONS']) {
      const res = await t.request(token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describe('isApiPath', () => {
  it('decodes the path as the router does', () => {
    expect(isApiPath('/api/users?x=1')).toBe(true);
    expect(isApiPath('/%61pi/users')).toBe(true);
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/apix')).toBe(false);
    expect(isApiPath('//api/users')).toBe(true);
    expect(isApiPath('/Api/users')).toBe(true);
    expect(isApiPath('/transactions')).toBe(false);
    expect(isApiPath('/%E0%A4%A')).toBe(false);
  });
});
