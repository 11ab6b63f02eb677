// Answers are sent compressed (brotli or gzip, as the client accepts) from 1 kB on: a page of 50
// bookings is ~26 kB of JSON and ~2.6 kB gzipped, the debitor list of a supplier's booking form
// ~280 kB and ~8–23 kB. On a real line that is the difference between one round trip and several
// (TCP starts with ~14 kB in flight); compressing costs ~0.1–0.5 ms of CPU per page (decision 0024).
// Only the API's answers: the web app's files are compressed once at build time (their .br/.gz twins,
// web-app.ts), and one without twins is too small to gain. The bookings export is not compressed
// either: it writes to the socket itself (bookings.export.ts).
// Request bodies are never inflated: no route accepts a compressed body, so a gzip bomb has nothing
// to open.
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
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
