import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { createUser } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';

const t = useTestApp();
const url = (name: string) => `/api/users/single?name=${encodeURIComponent(name)}`;

describe('GET /api/users/single', () => {
  it('needs a token', async () => {
    expect((await t.request(undefined, { method: 'GET', url: url(ADMIN_EMAIL) })).statusCode).toBe(401);
  });

  it('lets a supplier read itself, without any password field', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    const res = await t.request(token, { method: 'GET', url: url(user.emailAddress.toUpperCase()) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      emailAddress: user.emailAddress,
      isAdmin: false,
      isActive: true,
      creditorNumber: user.creditorNumber,
    });
    expect(res.body).not.toMatch(/password|hash|argon/i);
  });

  it('refuses a supplier reading another user (403)', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    const res = await t.request(token, { method: 'GET', url: url(other.emailAddress) });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toMatch(/Berechtigung/);
  });

  it('lets an admin read anyone, 404 for unknown, 400 without name', async () => {
    const other = await createUser(t.db);
    const token = await t.login(ADMIN_EMAIL);
    expect((await t.request(token, { method: 'GET', url: url(other.emailAddress) })).json().id).toBe(
      other.id,
    );
    expect((await t.request(token, { method: 'GET', url: url('nobody@test.example') })).statusCode).toBe(404);
    expect((await t.request(token, { method: 'GET', url: '/api/users/single' })).statusCode).toBe(400);
  });

  it.each([
    ['no name', '', MESSAGES.required],
    ['an empty name', '?name=', MESSAGES.required],
    ['a name given twice', '?name=a&name=b', BOOKING_MESSAGES.invalidValue],
    ['a name longer than an e-mail address may be', `?name=${'a'.repeat(300)}`, MESSAGES.maxLength(254)],
  ])('answers %s with a German 400 in its own words', async (_case, query, message) => {
    const token = await t.login(ADMIN_EMAIL);
    const res = await t.request(token, { method: 'GET', url: `/api/users/single${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ property: 'name', message }]);
  });
});
