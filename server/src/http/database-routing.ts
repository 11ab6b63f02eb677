// The request's way to the read/write router (db/read-router.ts, decision 0085): a handler whose read
// may come from the replica runs it as `request.read((db) => …)`, and the router picks the replica or
// the primary for the signed-in caller. Everything else uses the primary handle it was given. After a
// request that may write, the caller's WAL position is kept before the answer leaves, so that their
// next read, on whichever server, finds their write.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/connection';
import type { DbRouter } from '../db/read-router';
import { mayWrite } from './authentication';

declare module 'fastify' {
  interface FastifyInstance {
    dbRouter: DbRouter;
  }
  interface FastifyRequest {
    /** A read that may run on the replica (DATABASE_READ_URL) when it shows the caller's own writes. */
    read<T>(read: (db: Db) => Promise<T>): Promise<T>;
  }
}

export const databaseRouting = fp(async (app: FastifyInstance, { router }: { router: DbRouter }) => {
  app.decorate('dbRouter', router);
  app.decorateRequest('read', function <T>(this: FastifyRequest, read: (db: Db) => Promise<T>) {
    // A write's reads (an export's) stay on the primary, as do a caller-less request's.
    return this.user && !mayWrite(this) ? router.read(this.user.id, read) : read(router.primary);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    await noteWrite(request, router);
    return payload;
  });
  // A streamed answer (an export) commits its marking while it is sent, after onSend: noted again.
  app.addHook('onResponse', async (request) => {
    if (request.routeOptions.config?.writes === true) await noteWrite(request, router);
  });
});

async function noteWrite(request: FastifyRequest, router: DbRouter): Promise<void> {
  if (!request.user || !mayWrite(request)) return;
  await router.noteWrite(request.user.id).catch((error: unknown) => {
    request.log.warn({ err: error }, 'Schreibposition für Read-your-writes nicht gemerkt');
  });
}
