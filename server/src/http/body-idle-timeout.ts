// A request body whose bytes stop arriving for `idleTimeoutMs` ends its connection. Without this a
// client that sent the headers of a JSON request (the login too, which needs no token) and then a
// few bytes held its connection until Node's five-minute request timeout, and many such clients held
// as many sockets. The upload watches its own multipart body the same way (upload.routes.ts), from
// the same setting: that watch starts in its handler, after which the import may keep the connection
// quiet for longer, so multipart requests are left to it.
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Calls `onIdle` when nothing arrives on the socket for `idleTimeoutMs`; returns the end of the watch.
 * Its listener leaves the socket with it: a kept-alive socket serves many requests, and each left
 * behind would stay on it (Node warned of 11 after a bench run).
 */
export function watchIdleSocket(socket: Socket, idleTimeoutMs: number, onIdle: () => void): () => void {
  socket.setTimeout(idleTimeoutMs, onIdle);
  // setTimeout(0, listener) stops the timer and removes that listener.
  return () => socket.setTimeout(0, onIdle);
}

/** The socket to watch: none for an injected request (tests) or a multipart upload (see above). */
function watchedSocket(request: FastifyRequest): Socket | undefined {
  const socket = request.raw.socket;
  if (typeof socket?.setTimeout !== 'function') return undefined;
  return /^multipart\//i.test(request.headers['content-type'] ?? '') ? undefined : socket;
}

export const bodyIdleTimeout = fp(
  async (app: FastifyInstance, { idleTimeoutMs }: { idleTimeoutMs: number }) => {
    // The end of each request's watch.
    const watches = new WeakMap<FastifyRequest, () => void>();
    const stopWatching = async (request: FastifyRequest) => {
      watches.get(request)?.();
      watches.delete(request);
    };
    app.addHook('preParsing', async (request, _reply, payload) => {
      const socket = watchedSocket(request);
      if (!socket) return payload;
      const stop = watchIdleSocket(socket, idleTimeoutMs, () => {
        request.log.info({ idleMs: idleTimeoutMs }, 'request ended: its body stopped arriving');
        socket.destroy();
      });
      watches.set(request, stop);
      return payload;
    });
    // The body has been read: what follows is the server's own time, not the client's. A body that
    // could not be parsed skips preValidation; its answer ends the watch.
    app.addHook('preValidation', stopWatching);
    app.addHook('onResponse', stopWatching);
  },
);
