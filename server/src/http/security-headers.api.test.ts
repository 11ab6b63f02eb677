import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

describe('security headers', () => {
  it('switch off browser features the app never uses (Permissions-Policy), on errors too', async () => {
    const app = Fastify();
    await app.register(securityHeaders);
    app.get('/api/ok', async () => ({ ok: true }));
    for (const url of ['/api/ok', '/api/missing']) {
      const res = await app.inject({ url });
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(policy).toContain(`${feature}=()`);
      }
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    await app.close();
  });
});
