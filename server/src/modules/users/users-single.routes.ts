// GET /api/users/single?name=: the login screen's user lookup. Admins may look up anyone,
// a supplier only itself (the service asks the policy).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { parseRequest } from '../../http/parse-request';
import { lookUpUser } from './users.service';

const querySchema = z.object({ name: z.string().min(1) });

export async function usersSingleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/users/single', async (request) => {
    const { name } = parseRequest(querySchema, request.query);
    return lookUpUser(db, request.user, name);
  });
}
