// /api/users: list, read, create, change and delete users. GET /api/users/single (the login's
// lookup) lives in users-single.routes.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ID_MAX } from '@lp/domain/limits';
import { MESSAGES } from '@lp/domain/messages';
import { POLICIES } from '@lp/domain/policies';
import { USER_LABELS } from '@lp/domain/labels';
import { userInputSchema } from '@lp/domain/user.schema';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/app-error';
import { requirePolicy } from '../../http/authentication';
import { parseRequest } from '../../http/parse-request';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.service';

const idParamsSchema = z.object(
  { id: z.string().regex(/^\d{1,10}$/, { error: MESSAGES.malformedRequest }) },
  { error: MESSAGES.malformedRequest },
);

function parseId(params: unknown): number {
  const id = Number(parseRequest(idParamsSchema, params).id);
  if (id < 1 || id > ID_MAX) throw AppError.notFound();
  return id;
}

export async function usersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/users', async (request) => {
    requirePolicy(request, POLICIES['users:manage']);
    return listUsers(db);
  });

  app.get('/api/users/:id', async (request) => getUser(db, request.user, parseId(request.params)));

  app.post('/api/users', async (request) => {
    requirePolicy(request, POLICIES['users:manage']);
    return createUser(db, parseRequest(userInputSchema, request.body, USER_LABELS));
  });

  app.put('/api/users/:id', async (request) => {
    const id = parseId(request.params);
    // Ownership before the body: another user's record is 403 whatever the body holds.
    requirePolicy(request, (actor) => POLICIES['user:edit'](actor, { id }));
    return updateUser(db, request.user, id, parseRequest(userInputSchema, request.body, USER_LABELS));
  });

  app.delete('/api/users/:id', async (request, reply) => {
    requirePolicy(request, POLICIES['users:manage']);
    await deleteUser(db, request.user, parseId(request.params));
    return reply.status(204).send();
  });
}
