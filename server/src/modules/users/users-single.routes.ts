// GET /api/users/single?name=: the login screen's user lookup. Admins may look up anyone,
// a supplier only itself (the service asks the policy).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '@lp/domain/limits';
import { BOOKING_MESSAGES, MESSAGES } from '@lp/domain/messages';
import type { Db } from '../../db/connection';
import { userResponseSchema } from '../../http/responses';
import { lookUpUser } from './users.service';

const querySchema = z.object({
  name: z
    .string({
      error: (issue) => (issue.input === undefined ? MESSAGES.required : BOOKING_MESSAGES.invalidValue),
    })
    .min(1, MESSAGES.required)
    .max(EMAIL_MAX_LENGTH, MESSAGES.maxLength(EMAIL_MAX_LENGTH)),
});

export async function usersSingleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/users/single',
    {
      // The login's lookup, also for an admin who must still enrol a second factor.
      config: { beforeSecondFactor: true },
      schema: { querystring: querySchema, response: { 200: userResponseSchema } },
    },
    async (request) => lookUpUser(db, request.user, request.query.name),
  );
}
