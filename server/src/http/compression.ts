// Answers are sent compressed (brotli or gzip, as the client accepts) from 1 kB on: a page of 50
// bookings is ~26 kB of JSON and ~2.5 kB compressed, the debitor list of the pickers ~280 kB and
// ~10–20 kB. At cheap levels that costs ~0.15 ms of CPU per page and saves a line's transfer time
// (decision 0024). Only the API's answers: the web app's files are compressed once at build time
// (their .br/.gz twins, web-app.ts), and one without twins is too small to gain. The bookings export
// and an export batch's file exist gzip-compressed already and are sent as they are to a client that
// accepts gzip (acceptsGzip). Request bodies are never inflated: no route accepts a compressed body,
// so a gzip bomb has nothing to open.
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './authentication';

/** Below this an answer fits one packet and compressing it saves nothing. */
const COMPRESS_FROM_BYTES = 1024;

export const compression = fp(async (app: FastifyInstance) => {
  // Added before the plugin's own onRoute hook, which reads the flag.
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: { level: 1 },
    syncThreshold: 65536,
  });
});

/**
 * Whether the client takes a gzip-compressed answer (its accept-encoding, q-values included): for the
 * answers that exist compressed already, the export's stored file, sent as they are.
 */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && negotiate(header, ['gzip']) === 'gzip';
}

/**
 * The headers of an answer that exists gzip-compressed already (the export's stream, a batch's
 * stored file): sent as it is when `gzip` (acceptsGzip), and in any case marked as depending on
 * accept-encoding, so that no cache hands the compressed bytes to a client that did not ask for them.
 */
export function storedGzipHeaders(gzip: boolean): Record<string, string> {
  return gzip ? { vary: 'accept-encoding', 'content-encoding': 'gzip' } : { vary: 'accept-encoding' };
}
