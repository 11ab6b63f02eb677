// GET /api/users/single?name=: the login screen's user lookup. Admins may look up anyone,
// a supplier only itself.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '@lp/domain/limits';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/app-error';
import { userResponseSchema } from '../../http/responses';
import { findCredentialsByEmail } from '../auth/session-user.repository';
import { toUserResponse } from './users.mapper';

const querySchema = z.object({ name: z.string().min(1).max(EMAIL_MAX_LENGTH) });

export async function usersSingleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/users/single',
      { schema: { querystring: querySchema, response: { 200: userResponseSchema } } },
      async (request) => {
        const { name } = request.query;
        const isSelf = name.trim().toLowerCase() === request.user.emailAddress.toLowerCase();
        if (!request.user.isAdmin && !isSelf) throw AppError.forbidden();
        const user = await findCredentialsByEmail(db, name);
        if (!user) throw AppError.notFound();
        return toUserResponse(user);
      },
    );
}
