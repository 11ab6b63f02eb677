import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers ok without a token, not cached, with security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('answers unknown API paths with 401 without a token and a German 404 JSON with one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/does-not-exist' })).statusCode).toBe(401);
    const token = await t.login(ADMIN_EMAIL);
    const res = await t.request(token, { method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', errors: [{ property: '', message: MESSAGES.notFound }] });
  });
});
