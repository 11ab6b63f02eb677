// /api/users: list, read, create, change and delete users. GET /api/users/single (the login's
// lookup) lives in users-single.routes.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ID_MAX } from '@lp/domain/limits';
import { MESSAGES } from '@lp/domain/messages';
import { USER_LABELS } from '@lp/domain/labels';
import { userInputSchema } from '@lp/domain/user.schema';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/app-error';
import { requireAdmin } from '../../http/authentication';
import { parseRequest } from '../../http/parse-request';
import { usersService } from './users.service';

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
  const service = usersService(db);

  app.get('/api/users', async (request) => {
    requireAdmin(request);
    return service.list();
  });

  app.get('/api/users/:id', async (request) => service.get(request.user, parseId(request.params)));

  app.post('/api/users', async (request) => {
    requireAdmin(request);
    return service.create(parseRequest(userInputSchema, request.body, USER_LABELS));
  });

  app.put('/api/users/:id', async (request) => {
    const id = parseId(request.params);
    // Ownership before the body: another user's record is 403 whatever the body holds.
    if (!request.user.isAdmin && request.user.id !== id) throw AppError.forbidden();
    return service.update(request.user, id, parseRequest(userInputSchema, request.body, USER_LABELS));
  });

  app.delete('/api/users/:id', async (request, reply) => {
    requireAdmin(request);
    await service.remove(request.user, parseId(request.params));
    return reply.status(204).send();
  });
}
