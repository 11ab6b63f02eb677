// Every route needs a valid bearer token unless its route config says `public: true` (the token
// endpoint, health, and the web app's static files). The decision is taken on the route the router
// matched, never on the raw URL: `/%61pi/users` is routed to `/api/users` and needs a token like it.
// The user is re-read on every request that may write, so deactivation, deletion or a password change
// revoke at once. A GET may be answered from the server's session cache (decision 0034), which forgets
// everything when PostgreSQL announces a change of users or revoked tokens, and when any request of
// this server that is not a GET has been handled, before its answer leaves.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@lp/domain/messages';
import { mustEnrolSecondFactor, type PolicyName } from '@lp/domain/policies';
import {
  findSessionUser,
  verifyAccessToken,
  type SessionCache,
  type SessionCheck,
  type SessionUser,
  type TokenKeys,
} from '../modules/auth/index';
import type { Db } from '../db/connection';
import type { DbRouter } from '../db/read-router';
import { requireAccess, type AccessSubject } from '../lib/access';
import { AppError } from '../lib/app-error';

/** The bearer token a request was authenticated with (what a logout revokes). */
export interface RequestToken {
  id: string;
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser;
    token: RequestToken;
  }
  interface FastifyContextConfig {
    public?: boolean;
    /** A GET that changes data (an export marks its bookings): its session is checked as a write's. */
    writes?: boolean;
    /**
     * Open to an admin who must still enrol a second factor (MFA_FOR_ADMINS=required): the enrolment,
     * the login's user lookup, the logout. Every other route answers MFA_ENROLMENT_REQUIRED.
     */
    beforeSecondFactor?: boolean;
  }
}

/** Requests that never write: a HEAD (the web app's files) leaves the session cache as it is. */
const READ_METHODS = new Set(['GET', 'HEAD']);

export interface AuthenticationOptions {
  db: Db;
  keys: TokenKeys;
  sessions?: SessionCache<SessionCheck>;
  /** With a replica, a read's session check falls back to it while the primary is unreachable. */
  router?: DbRouter;
  /** MFA_FOR_ADMINS (decisions.md section 15); default optional. */
  mfaForAdmins?: 'optional' | 'required';
}

export const authentication = fp(async (app: FastifyInstance, opts: AuthenticationOptions) => {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('token', null as unknown as RequestToken);
  app.addHook('onRequest', async (request) => {
    const matched = request.routeOptions.url !== undefined;
    // Unmatched: the 404 handler answers; under /api only to a signed-in caller, as before.
    const needsToken = matched ? !request.routeOptions.config.public : isApiPath(request.url);
    if (needsToken) await authenticate(request, opts);
  });
  const { sessions } = opts;
  if (sessions) {
    // A logout, a deactivation, a password change on this server: its client's next request must
    // not find the session as it was. Any request that may write empties the cache before it answers.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (mayWrite(request)) sessions.invalidate();
      return payload;
    });
  }
});

/** Whether the request may change data: any method but GET and HEAD, and a GET marked `writes`. */
export function mayWrite(request: FastifyRequest): boolean {
  return !READ_METHODS.has(request.method) || request.routeOptions.config?.writes === true;
}

/**
 * Whether a URL's path, percent-decoded as the router decodes it, lies under /api, in any letter case
 * and after any number of slashes: "//api/x" and "/API/x" match no route, and answered as the web
 * app they were an HTML page with 200 to a client that asked the API.
 */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  return /^\/+api(?:\/|$)/i.test(decoded);
}

async function authenticate(
  request: FastifyRequest,
  { db, keys, sessions, router, mfaForAdmins = 'optional' }: AuthenticationOptions,
): Promise<void> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw AppError.unauthorized();
  const claims = await verifyAccessToken(keys, match[1]);
  if (!claims) throw AppError.unauthorized();
  const writes = mayWrite(request);
  const read = (from: Db) => findSessionUser(from, claims.userId, claims.tokenId);
  // A write's session is checked on the primary only: without it the write fails anyway (503).
  const check = () => (router && !writes ? router.readWithFallback(read) : read(db));
  // Only reads use the cache: every request that may write checks the session in the database.
  const found =
    sessions && !writes ? await sessions.lookup(`${claims.userId}:${claims.tokenId}`, check) : await check();
  if (!found || found.tokenRevoked || !found.isActive || found.tokenVersion !== claims.tokenVersion) {
    throw AppError.unauthorized();
  }
  const { tokenRevoked: _revoked, ...user } = found;
  request.user = user;
  request.token = { id: claims.tokenId, expiresAt: claims.expiresAt };
  if (mustEnrolSecondFactor(user, mfaForAdmins) && !request.routeOptions.config?.beforeSecondFactor) {
    throw AppError.of('MFA_ENROLMENT_REQUIRED', MESSAGES.mfaEnrolmentRequired);
  }
}

/**
 * A route's guard as a hook (`preValidation: allowedBy('masterData:write')`): a user the rule refuses
 * gets 403 before the request is validated, whatever the request holds (lib/access.ts).
 */
/** A rule about the user alone (no record): what a whole route may be guarded by. */
type ActorPolicy = { [P in PolicyName]: AccessSubject<P> extends [] ? P : never }[PolicyName];

export function allowedBy(policy: ActorPolicy) {
  return async (request: FastifyRequest): Promise<void> => requireAccess(request.user, policy, []);
}
