// Graceful shutdown of the HTTP side. Once closing starts, requests already running finish; anything
// arriving later on an open connection (keep-alive, pipelined) is refused with a German 503 (Fastify
// marks it `Connection: close`), and every connection is closed as soon as it is idle.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@lp/domain/messages';
import { errorBody } from './app-error';

/** Registered first in app.ts, so a refused request touches neither authentication nor the database. */
export const refuseWhileClosing = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .status(503)
      .header('retry-after', '5')
      .send(errorBody('SHUTTING_DOWN', MESSAGES.shuttingDown));
  });
});

/**
 * Closes the app: no new connections, running requests finish. Node's server.close() ends only the
 * connections idle at that moment; one whose request finishes later (a hijacked download has no
 * onSend) would hold the process until its keep-alive timeout, so idle connections are reaped until
 * everything is closed, and after `graceMs` all remaining ones are cut.
 */
export async function closeHttp(app: FastifyInstance, graceMs: number, onCut: () => void): Promise<void> {
  const server = app.server;
  const reaper = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => {
    onCut();
    server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
    clearTimeout(cut);
  }
}
