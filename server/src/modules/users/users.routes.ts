// /api/users: list, read, create, change and delete users. GET /api/users/single (the login's
// lookup) lives in users-single.routes.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_RESET_MESSAGES } from '@lp/domain/messages';
import { USER_LABELS } from '@lp/domain/labels';
import { userInputSchema } from '@lp/domain/user.schema';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { allowedBy } from '../../http/authentication';
import { idParamsSchema } from '../../http/id-param';
import { expectedVersion, setRecordVersion } from '../../http/record-version';
import {
  masterDataSaveResultSchema,
  noContentSchema,
  userResponseSchema,
  validationMessagesSchema,
} from '../../http/responses';
import type { Mailer } from '../mail/index';
import { createUser, deleteUser, getUser, listUsers, resendInvitation, updateUser } from './users.service';
import { requireAccess } from '../../lib/access';

const userBody = { bodyLabels: USER_LABELS };
const manageUsers = allowedBy('users:manage');

/**
 * Ownership before the body (preValidation): another user's record is 403 whatever the body holds.
 * An id that is malformed or no record can have is left to the params schema (400, 404).
 */
async function mayEditUser(request: FastifyRequest): Promise<void> {
  const params = idParamsSchema.safeParse(request.params);
  if (params.success) requireAccess(request.user, 'user:edit', [{ id: params.data.id }]);
}

export async function usersRoutes(app: FastifyInstance, { db, mailer }: { db: Db; mailer?: Mailer }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/users',
    { preValidation: manageUsers, schema: { response: { 200: z.array(userResponseSchema) } } },
    async () => listUsers(db),
  );

  routes.get(
    '/api/users/:id',
    { schema: { params: idParamsSchema, response: { 200: userResponseSchema } } },
    async (request, reply) => {
      const { user, version } = await getUser(db, request.user, request.params.id);
      setRecordVersion(reply, version);
      return user;
    },
  );

  routes.post(
    '/api/users',
    {
      preValidation: manageUsers,
      config: userBody,
      schema: { body: userInputSchema, response: { 200: masterDataSaveResultSchema } },
    },
    async (request) => createUser(db, request.user, request.body, mailer),
  );

  routes.post(
    '/api/users/:id/invitation',
    {
      preValidation: manageUsers,
      schema: {
        params: idParamsSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      if (!mailer) throw AppError.notFound();
      await resendInvitation(db, mailer, request.params.id);
      return reply.status(202).send({ message: PASSWORD_RESET_MESSAGES.invitationSent });
    },
  );

  routes.put(
    '/api/users/:id',
    {
      preValidation: mayEditUser,
      config: userBody,
      schema: { params: idParamsSchema, body: userInputSchema, response: { 200: validationMessagesSchema } },
    },
    async (request) =>
      updateUser(db, request.user, request.params.id, request.body, expectedVersion(request)),
  );

  routes.delete(
    '/api/users/:id',
    { preValidation: manageUsers, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteUser(db, request.user, request.params.id, expectedVersion(request));
      return reply.status(204).send(null);
    },
  );
}
