// /api/transactions: bookings list, single booking, save (with empty reports), delete and export.
import type { Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { bookingInputSchema } from '@lp/domain/booking.schema';
import { BOOKING_LABELS } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import type { Mailer } from '../mail/index';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { acceptsGzip, storedGzipHeaders } from '../../http/compression';
import { idParamsSchema } from '../../http/id-param';
import {
  bookingPageResponseSchema,
  bookingSaveResultSchema,
  bookingResponseSchema,
  fileResponse,
} from '../../http/responses';
import { FILE_NAMES } from '@lp/domain/file-names';
import { errorBody } from '../../lib/app-error';
import { CONTENT_TYPES, contentDisposition } from '../../lib/download';
import { EXPORT_FILES, type ExportEncoding, type ExportFormat } from './bookings.export';
import {
  deleteBodySchema,
  exportQuerySchema,
  exportSelectedQuerySchema,
  listQuerySchema,
  saveQuerySchema,
} from './bookings.request';
import {
  createBooking,
  deleteBookings,
  exportBookings,
  getBooking,
  listBookings,
  updateBooking,
} from './bookings.service';

const exportFile = {
  description: 'Buchungen.csv oder Buchungen.xlsx (format=csv|xlsx)',
  content: {
    ...fileResponse(CONTENT_TYPES.csv, FILE_NAMES.bookings).content,
    ...fileResponse(CONTENT_TYPES.xlsx, FILE_NAMES.bookingsXlsx).content,
  },
};
const bookingBody = { bodyLabels: BOOKING_LABELS };

export async function bookingsRoutes(
  app: FastifyInstance,
  { db, pool, mailer }: { db: Db; pool: pg.Pool; mailer?: Mailer },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const exportAllowed = allowedBy('bookings:export');

  routes.get(
    '/api/transactions',
    { schema: { querystring: listQuerySchema, response: { 200: bookingPageResponseSchema } } },
    async (request) =>
      request.read((db) =>
        listBookings(db, request.user, request.query, request.query.sorting, request.query.page),
      ),
  );

  routes.get(
    '/api/transactions/export',
    {
      // It marks the bookings it exports: its session is checked as any write's (authentication.ts).
      config: { writes: true },
      preValidation: exportAllowed,
      schema: { querystring: exportQuerySchema, response: { 200: exportFile } },
    },
    async (request, reply) => {
      const { query } = request;
      await sendBookingsExport(
        request,
        reply,
        (file, encoding) =>
          exportBookings(pool, request.user, query, query.sorting, file, encoding, query.format),
        query.format,
      );
    },
  );

  routes.get(
    '/api/transactions/export-selected',
    {
      config: { writes: true },
      preValidation: exportAllowed,
      schema: { querystring: exportSelectedQuerySchema, response: { 200: exportFile } },
    },
    async (request, reply) => {
      const { query } = request;
      await sendBookingsExport(
        request,
        reply,
        (file, encoding) =>
          exportBookings(
            pool,
            request.user,
            { ids: query.items },
            query.sorting,
            file,
            encoding,
            query.format,
          ),
        query.format,
      );
    },
  );

  routes.get(
    '/api/transactions/:id',
    { schema: { params: idParamsSchema, response: { 200: bookingResponseSchema } } },
    async (request) => request.read((db) => getBooking(db, request.user, request.params.id)),
  );

  routes.post(
    '/api/transactions',
    {
      config: bookingBody,
      schema: {
        querystring: saveQuerySchema,
        body: bookingInputSchema,
        response: { 200: bookingSaveResultSchema },
      },
    },
    async (request) =>
      createBooking(db, request.body, {
        user: request.user,
        checkForDuplicates: request.query.checkForDuplicates,
        dryRun: request.query.dryRun,
        mailer,
      }),
  );

  routes.put(
    '/api/transactions/:id',
    {
      config: bookingBody,
      schema: {
        params: idParamsSchema,
        querystring: saveQuerySchema,
        body: bookingInputSchema,
        response: { 200: bookingSaveResultSchema },
      },
    },
    async (request) =>
      updateBooking(db, request.params.id, request.body, {
        user: request.user,
        checkForDuplicates: request.query.checkForDuplicates,
        dryRun: request.query.dryRun,
      }),
  );

  routes.post(
    '/api/transactions/delete',
    {
      schema: {
        body: deleteBodySchema,
        response: {
          200: z.object({ deleted: z.number().int() }).meta({ description: 'Gelöschte Buchungen' }),
        },
      },
    },
    async (request) => ({ deleted: await deleteBookings(db, request.user, request.body) }),
  );
}

/**
 * Streams an export (`write`, e.g. the service's exportBookings) as the download Buchungen.csv (or
 * Buchungen.xlsx), bypassing Fastify's serialisation.
 */
export async function sendBookingsExport(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (destination: Writable, encoding: ExportEncoding) => Promise<number>,
  format: ExportFormat = 'csv',
): Promise<void> {
  // An xlsx is a zip already: compressing it again saves nothing.
  const encoding: ExportEncoding = format === 'csv' && acceptsGzip(request) ? 'gzip' : 'identity';
  reply.hijack();
  const res = reply.raw;
  // Security headers set by earlier hooks, then the download's own; sent with the first bytes.
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) res.setHeader(name, value);
  res.setHeader('content-type', EXPORT_FILES[format].contentType);
  res.setHeader('content-disposition', contentDisposition(EXPORT_FILES[format].fileName));
  res.setHeader('cache-control', 'no-store');
  for (const [name, value] of Object.entries(storedGzipHeaders(encoding === 'gzip')))
    res.setHeader(name, value);
  res.setHeader('x-request-id', request.id);
  try {
    const rows = await write(res, encoding);
    request.log.info({ rows }, 'bookings exported');
  } catch (error) {
    request.log.error({ err: error }, 'bookings export failed; nothing was marked');
    if (!res.headersSent && !res.destroyed) {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.removeHeader('content-disposition');
      res.removeHeader('content-encoding');
      res.end(JSON.stringify(errorBody('SERVER_ERROR', MESSAGES.serverError)));
    } else {
      res.destroy();
    }
  }
}
