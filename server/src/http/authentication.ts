// Every /api route needs a valid bearer token unless its route config says `public: true`.
// The user is re-read on every request, so deactivation, deletion or a password change revoke at once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '@lp/domain/policies';
import type { SessionUser } from '../modules/auth/session-user';
import { findSessionUser } from '../modules/auth/session-user.repository';
import { verifyAccessToken, type TokenKeys } from '../modules/auth/tokens';
import type { Db } from '../db/connection';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

export const authentication = fp(async (app: FastifyInstance, opts: { db: Db; keys: TokenKeys }) => {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public) return;
    request.user = await authenticate(request, opts.db, opts.keys);
  });
});

async function authenticate(request: FastifyRequest, db: Db, keys: TokenKeys): Promise<SessionUser> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw AppError.unauthorized();
  const claims = await verifyAccessToken(keys, match[1]);
  if (!claims) throw AppError.unauthorized();
  const user = await findSessionUser(db, claims.userId);
  if (!user || !user.isActive || user.tokenVersion !== claims.tokenVersion) throw AppError.unauthorized();
  return user;
}

/**
 * A route's guard: 403 unless the policy (POLICIES of domain/src/policies.ts) allows the signed-in
 * user, e.g. `requirePolicy(request, POLICIES['bookings:export'])`.
 */
export function requirePolicy(request: FastifyRequest, policy: (actor: Actor) => boolean): void {
  if (!policy(request.user)) throw AppError.forbidden();
}

/**
 * The same guard as a route hook (`preValidation: allowedBy(POLICIES['masterData:write'])`): a user
 * the policy refuses gets 403 before the request is validated, whatever the request holds.
 */
export function allowedBy(policy: (actor: Actor) => boolean) {
  return async (request: FastifyRequest): Promise<void> => requirePolicy(request, policy);
}
