// /api/transactions: bookings list, single booking, save (with empty reports), delete and export.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { bookingInputSchema } from '@lp/domain/booking.schema';
import { BOOKING_LABELS } from '@lp/domain/labels';
import type { Db } from '../../db/connection';
import { requireAdmin } from '../../http/authentication';
import { parseRequest } from '../../http/parse-request';
import { bookingOrderBy, bookingWhere } from './bookings.filter';
import { sendBookingsCsv } from './bookings.export';
import {
  deleteBodySchema,
  exportQuerySchema,
  exportSelectedQuerySchema,
  idParamsSchema,
  listQuerySchema,
  saveQuerySchema,
  toBookingFilter,
} from './bookings.request';
import {
  createBooking,
  deleteBookings,
  getBooking,
  listBookings,
  scopeOf,
  updateBooking,
} from './bookings.service';

export async function bookingsRoutes(app: FastifyInstance, { db, pool }: { db: Db; pool: pg.Pool }) {
  app.get('/api/transactions', async (request) => {
    const query = parseRequest(listQuerySchema, request.query);
    return listBookings(db, request.user, toBookingFilter(query), query.sorting, query.page);
  });

  app.get('/api/transactions/export', async (request, reply) => {
    requireAdmin(request);
    const query = parseRequest(exportQuerySchema, request.query);
    const where = bookingWhere(toBookingFilter(query), scopeOf(request.user));
    await sendBookingsCsv(request, reply, pool, where, bookingOrderBy(query.sorting));
  });

  app.get('/api/transactions/export-selected', async (request, reply) => {
    requireAdmin(request);
    const query = parseRequest(exportSelectedQuerySchema, request.query);
    const where = bookingWhere({ ids: query.items }, scopeOf(request.user));
    await sendBookingsCsv(request, reply, pool, where, bookingOrderBy(query.sorting));
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
