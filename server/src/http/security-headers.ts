// Helmet's security headers on every answer. The middleware is built once, here: @fastify/helmet builds
// it anew for every request (parsing the CSP directives each time), which cost ~0.1 ms of CPU per
// request in the list benchmark (docs/performance.md, change 19). No route has options of its own.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  frameguard: { action: 'deny' },
  // Set in app.ts, and only over TLS.
  strictTransportSecurity: false,
});

/**
 * Browser features the app never uses are switched off for it and anything it might embed, so an
 * injected script could not ask for them either. (Passkeys would need `publickey-credentials-*`.)
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    // Helmet 8 sets the headers synchronously and throws (does not call back) on an error.
    applySecurityHeaders(request.raw, reply.raw, () => done());
  });
});
