// /api/mail/outbox: the outbox (Postausgang) for admins, newest first; one mail with its text.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMailSchema, outboxPageSchema } from '@lp/domain/mail';
import { BOOKING_MESSAGES, MESSAGES } from '@lp/domain/messages';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { idParamsSchema } from '../../http/id-param';
import { outboxMail, outboxPage } from './mail.service';

const invalid = { error: BOOKING_MESSAGES.invalidValue };
const outboxQuerySchema = z.object(
  {
    page: z
      .string(invalid)
      .regex(/^\d{1,6}$/, invalid)
      .transform(Number)
      .pipe(z.number().int().min(1, invalid))
      .optional(),
  },
  { error: MESSAGES.malformedRequest },
);

export async function mailRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const readOutbox = allowedBy('mail:read');

  routes.get(
    '/api/mail/outbox',
    {
      preValidation: readOutbox,
      schema: {
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema },
      },
    },
    async (request) => outboxPage(db, request.query.page ?? 1),
  );

  routes.get(
    '/api/mail/outbox/:id',
    {
      preValidation: readOutbox,
      schema: {
        params: idParamsSchema,
        response: { 200: outboxMailSchema },
      },
    },
    async (request) => outboxMail(db, request.params.id),
  );
}
