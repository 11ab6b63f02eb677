// GET /api/users/single?name=: the login screen's user lookup. Admins may look up anyone,
// a supplier only itself.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/app-error';
import { parseRequest } from '../../http/parse-request';
import { findCredentialsByEmail } from '../auth/session-user.repository';
import { toUserResponse } from './users.mapper';

const querySchema = z.object({ name: z.string().min(1) });

export async function usersSingleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/users/single', async (request) => {
    const { name } = parseRequest(querySchema, request.query);
    const isSelf = name.trim().toLowerCase() === request.user.emailAddress.toLowerCase();
    if (!request.user.isAdmin && !isSelf) throw AppError.forbidden();
    const user = await findCredentialsByEmail(db, name);
    if (!user) throw AppError.notFound();
    return toUserResponse(user);
  });
}
