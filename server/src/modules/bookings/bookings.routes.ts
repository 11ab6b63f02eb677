// /api/transactions: bookings list, single booking, save (with empty reports), delete and export.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { bookingInputSchema } from '@lp/domain/booking.schema';
import { BOOKING_LABELS } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import type { Mailer } from '../mail/mailer';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { idParamsSchema } from '../../http/id-param';
import {
  bookingPageResponseSchema,
  bookingSaveResultSchema,
  bookingResponseSchema,
  fileResponse,
} from '../../http/responses';
import { CONTENT_TYPES } from '../../lib/download';
import { sendBookingsCsv } from './bookings.export';
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

const csvFile = fileResponse(CONTENT_TYPES.csv, 'Buchungen.csv');
const bookingBody = { bodyLabels: BOOKING_LABELS };

export async function bookingsRoutes(
  app: FastifyInstance,
  { db, pool, mailer }: { db: Db; pool: pg.Pool; mailer?: Mailer },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const exportAllowed = allowedBy(POLICIES['bookings:export']);

  routes.get(
    '/api/transactions',
    { schema: { querystring: listQuerySchema, response: { 200: bookingPageResponseSchema } } },
    async (request) =>
      listBookings(db, request.user, request.query, request.query.sorting, request.query.page),
  );

  routes.get(
    '/api/transactions/export',
    {
      // It marks the bookings it exports: its session is checked as any write's (authentication.ts).
      config: { writes: true },
      preValidation: exportAllowed,
      schema: { querystring: exportQuerySchema, response: { 200: csvFile } },
    },
    async (request, reply) => {
      const { query } = request;
      await sendBookingsCsv(request, reply, (file, encoding) =>
        exportBookings(pool, request.user, query, query.sorting, file, encoding),
      );
    },
  );

  routes.get(
    '/api/transactions/export-selected',
    {
      config: { writes: true },
      preValidation: exportAllowed,
      schema: { querystring: exportSelectedQuerySchema, response: { 200: csvFile } },
    },
    async (request, reply) => {
      const { query } = request;
      await sendBookingsCsv(request, reply, (file, encoding) =>
        exportBookings(pool, request.user, { ids: query.items }, query.sorting, file, encoding),
      );
    },
  );

  routes.get(
    '/api/transactions/:id',
    { schema: { params: idParamsSchema, response: { 200: bookingResponseSchema } } },
    async (request) => getBooking(db, request.user, request.params.id),
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
