// Slow clients (issue 56): a request must arrive within a bounded time and at a minimum rate, and
// one client address holds a bounded number of open connections. Before this, Fastify's
// requestTimeout was 0 and only a body that stopped completely was cut (body-idle-timeout.ts): one
// byte every 20 s kept anonymous login requests open past 341 s, and nothing bounded how many.
// - headers: Node's `headersTimeout` (checked every `connectionsCheckingInterval`), also for a
//   connection that was opened and sends nothing;
// - the whole request: Node's `requestTimeout` (answered 408 in German by client-errors.ts);
// - the body: after a grace period its bytes must have arrived at `minBytesPerSecond` on average;
//   a slower one ends its connection (multipart uploads too, which the idle watch leaves alone);
// - connections: at most `connectionsPerAddress` open at once per socket address; more are closed
//   at once. A proxy named in TRUST_PROXY is exempt: all its clients share its address, and it keeps
//   its own bounds.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { compile } from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SlowClientLimits } from '../config';
import type { TrustProxy } from '../trust-proxy';

/** How often Node looks for requests past headersTimeout/requestTimeout (its default is 30 s). */
const CHECK_INTERVAL_MS = 1_000;

/** Fastify's server options for the two time bounds. */
export function slowClientServerOptions(limits: SlowClientLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
  };
}

/** Closes connections beyond the limit per address, as soon as they are accepted. */
export function limitConnectionsPerAddress(server: Server, limit: number, trustProxy: TrustProxy): void {
  const trusted = trustProxy ? compile(trustProxy) : () => false;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || trusted(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && Number(length) > 0) || request.headers['transfer-encoding'] !== undefined;
}

/** Ends the connection of a request whose body arrives slower than the minimum rate. */
export const minimumBodyRate = fp(async (app: FastifyInstance, limits: SlowClientLimits) => {
  const watches = new WeakMap<FastifyRequest, () => void>();
  // A route may answer without reading the body (a refusal): the answer ends the watch.
  app.addHook('onResponse', async (request) => watches.get(request)?.());
  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket as Socket | undefined;
    // An injected request (tests) has no real socket; a request without a body has nothing to pace.
    if (typeof socket?.setTimeout !== 'function' || request.raw.complete || !hasBody(request)) return;
    const started = Date.now();
    const bytesAtStart = socket.bytesRead;
    const timer = setInterval(() => {
      const elapsedMs = Date.now() - started;
      if (elapsedMs < limits.minRateGraceMs) return;
      const received = socket.bytesRead - bytesAtStart;
      if (received >= (limits.minBytesPerSecond * elapsedMs) / 1000) return;
      stop();
      request.log.info({ received, elapsedMs }, 'request ended: its body arrives too slowly');
      socket.destroy();
    }, CHECK_INTERVAL_MS);
    timer.unref();
    const stop = () => {
      clearInterval(timer);
      request.raw.off('end', stop);
      request.raw.off('close', stop);
    };
    request.raw.once('end', stop);
    request.raw.once('close', stop);
    watches.set(request, stop);
  });
});
