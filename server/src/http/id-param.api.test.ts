// One schema for numeric path parameters: every route answers a malformed id with 400 and an id that
// no record can have exactly like a missing record (404).
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, useTestApp } from '../../test/test-app';

const t = useTestApp();

const ROUTES = [
  '/api/transactions',
  '/api/users',
  '/api/articles',
  '/api/creditors',
  '/api/debitors',
  '/api/creditors/{}/email-addresses',
];
const url = (base: string, id: string) => (base.includes('{}') ? base.replace('{}', id) : `${base}/${id}`);

describe('numeric path parameters', () => {
  it.each(ROUTES)(
    '%s: 0, beyond the integer range and unknown ids are 404 like a missing record',
    async (base) => {
      const token = await t.login(ADMIN_EMAIL);
      for (const id of ['0', '00', '2147483648', '99999999999', '1'.repeat(60), '2147483000']) {
        const res = await t.request(token, { method: 'GET', url: url(base, id) });
        expect(res.statusCode, `${base} ${id}`).toBe(404);
        expect(res.json()).toEqual({
          code: 'NOT_FOUND',
          errors: [{ property: '', message: 'Der Datensatz wurde nicht gefunden.' }],
        });
      }
    },
  );

  it.each(ROUTES)('%s: an id that is not digits is a malformed request (400)', async (base) => {
    const token = await t.login(ADMIN_EMAIL);
    for (const id of ['abc', '-1', '1.5', '1e3', '%20', '0x10']) {
      const res = await t.request(token, { method: 'GET', url: url(base, id) });
      expect(res.statusCode, `${base} ${id}`).toBe(400);
      expect(res.json().errors[0].message).toBe('Die Anfrage ist ungültig.');
    }
  });

  it('answers /api/transactions/0 and /api/users/0 alike, for every method', async () => {
    const token = await t.login(ADMIN_EMAIL);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const [bookings, users] = await Promise.all(
        ['/api/transactions/0', '/api/users/0'].map((path) =>
          t.request(token, { method, url: path, payload: method === 'PUT' ? {} : undefined }),
        ),
      );
      if (method !== 'DELETE') expect(bookings!.statusCode, method).toBe(404);
      expect(users!.statusCode, method).toBe(404);
      if (method !== 'DELETE') expect(bookings!.body).toBe(users!.body);
    }
  });
});
