// /api/users: list, read, create, change and delete users. GET /api/users/single (the login's
// lookup) lives in users-single.routes.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_LABELS } from '@lp/domain/labels';
import { userInputSchema } from '@lp/domain/user.schema';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/app-error';
import { adminOnly } from '../../http/authentication';
import { idParamsSchema } from '../../http/id-param';
import {
  masterDataSaveResultSchema,
  noContentSchema,
  userResponseSchema,
  validationMessagesSchema,
} from '../../http/responses';
import { usersService } from './users.service';

const userBody = { bodyLabels: USER_LABELS };

/**
 * Ownership before the body (preValidation): another user's record is 403 whatever the body holds.
 * An id that is malformed or no record can have is left to the params schema (400, 404).
 */
async function selfOrAdmin(request: FastifyRequest): Promise<void> {
  if (request.user.isAdmin) return;
  const params = idParamsSchema.safeParse(request.params);
  if (params.success && params.data.id !== request.user.id) throw AppError.forbidden();
}

export async function usersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const service = usersService(db);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/users',
    { preValidation: adminOnly, schema: { response: { 200: z.array(userResponseSchema) } } },
    async () => service.list(),
  );

  routes.get(
    '/api/users/:id',
    { schema: { params: idParamsSchema, response: { 200: userResponseSchema } } },
    async (request) => service.get(request.user, request.params.id),
  );

  routes.post(
    '/api/users',
    {
      preValidation: adminOnly,
      config: userBody,
      schema: { body: userInputSchema, response: { 200: masterDataSaveResultSchema } },
    },
    async (request) => service.create(request.body),
  );

  routes.put(
    '/api/users/:id',
    {
      preValidation: selfOrAdmin,
      config: userBody,
      schema: { params: idParamsSchema, body: userInputSchema, response: { 200: validationMessagesSchema } },
    },
    async (request) => service.update(request.user, request.params.id, request.body),
  );

  routes.delete(
    '/api/users/:id',
    { preValidation: adminOnly, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await service.remove(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
