// /api/transactions: bookings list, single booking, save (with empty reports), delete and export.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { bookingInputSchema } from '@lp/domain/booking.schema';
import { BOOKING_LABELS } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import type { Db } from '../../db/connection';
import { requirePolicy } from '../../http/authentication';
import { parseRequest } from '../../http/parse-request';
import { sendBookingsCsv } from './bookings.export';
import {
  deleteBodySchema,
  exportQuerySchema,
  exportSelectedQuerySchema,
  idParamsSchema,
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

export async function bookingsRoutes(app: FastifyInstance, { db, pool }: { db: Db; pool: pg.Pool }) {
  app.get('/api/transactions', async (request) => {
    const query = parseRequest(listQuerySchema, request.query);
    return listBookings(db, request.user, query, query.sorting, query.page);
  });

  app.get('/api/transactions/export', async (request, reply) => {
    requirePolicy(request, POLICIES['bookings:export']);
    const query = parseRequest(exportQuerySchema, request.query);
    await sendBookingsCsv(request, reply, (file) =>
      exportBookings(pool, request.user, query, query.sorting, file),
    );
  });

  app.get('/api/transactions/export-selected', async (request, reply) => {
    requirePolicy(request, POLICIES['bookings:export']);
    const query = parseRequest(exportSelectedQuerySchema, request.query);
    await sendBookingsCsv(request, reply, (file) =>
      exportBookings(pool, request.user, { ids: query.items }, query.sorting, file),
    );
  });

  app.get('/api/transactions/:id', async (request) => {
    const { id } = parseRequest(idParamsSchema, request.params);
    return getBooking(db, request.user, id);
  });

  app.post('/api/transactions', async (request) => {
    const { checkForDuplicates } = parseRequest(saveQuerySchema, request.query);
    const body = parseRequest(bookingInputSchema, request.body, BOOKING_LABELS);
    return createBooking(db, body, { user: request.user, checkForDuplicates });
  });

  app.put('/api/transactions/:id', async (request) => {
    const { id } = parseRequest(idParamsSchema, request.params);
    const { checkForDuplicates } = parseRequest(saveQuerySchema, request.query);
    const body = parseRequest(bookingInputSchema, request.body, BOOKING_LABELS);
    return updateBooking(db, id, body, { user: request.user, checkForDuplicates });
  });

  app.post('/api/transactions/delete', async (request) => {
    const ids = parseRequest(deleteBodySchema, request.body);
    return { deleted: await deleteBookings(db, request.user, ids) };
  });
}
