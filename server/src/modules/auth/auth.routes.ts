// POST /api/getsecuretoken: the OAuth 2 password grant of the spec (RFC 6749 section 4.3 and 5.2),
// throttled per client address and per user name (login-throttle.ts).
// POST /api/logout: `Abmelden` revokes the token it is called with, so a copy of it is refused too.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES } from '@lp/domain/messages';
import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/connection';
import { accountAttempt, addressAttempt } from './login-throttle';
import { accountKey, addressKey, clearAttempts, reserveAttempt } from './login-throttle.repository';
import { verifyPassword } from './passwords';
import { findCredentialsByEmail, revokeToken } from './session-user.repository';
import { signAccessToken, type TokenKeys } from './tokens';

interface Options {
  db: Db;
  keys: TokenKeys;
  throttle: LoginThrottleConfig;
}

const oauthError = (error: string, description: string) => ({ error, error_description: description });

function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .send(oauthError('invalid_request', MESSAGES.loginRateLimited(retryAfterSeconds)));
}

export async function authRoutes(app: FastifyInstance, { db, keys, throttle }: Options) {
  app.post('/api/getsecuretoken', { config: { public: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    if (text(body.grant_type) !== 'password') {
      return reply.status(400).send(oauthError('unsupported_grant_type', MESSAGES.unsupportedGrantType));
    }
    const username = text(body.username);
    const password = text(body.password);

    // request.ip is the socket's address unless TRUST_PROXY names the proxy in front.
    const addressWait = await reserveAttempt(db, addressKey(request.ip), (row, now) =>
      addressAttempt(row, now, throttle),
    );
    if (addressWait !== null) return tooManyAttempts(reply, addressWait);
    const account = username.trim() ? accountKey(username) : undefined;
    if (account) {
      const accountWait = await reserveAttempt(db, account, (row, now) => accountAttempt(row, now, throttle));
      if (accountWait !== null) {
        request.log.info({ username }, 'login refused: too many failures for this user name');
        return tooManyAttempts(reply, accountWait);
      }
    }

    const user = username ? await findCredentialsByEmail(db, username) : undefined;
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid || !user.isActive) {
      request.log.info({ username }, 'login failed');
      return reply.status(400).send(oauthError('invalid_grant', MESSAGES.loginFailed));
    }
    if (account) await clearAttempts(db, account);
    const token = await signAccessToken(keys, { userId: user.id, tokenVersion: user.tokenVersion });
    return reply
      .header('cache-control', 'no-store')
      .send({ access_token: token, token_type: 'bearer', expires_in: keys.lifetimeSeconds });
  });
}

export async function logoutRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post('/api/logout', async (request, reply) => {
    await revokeToken(db, request.token.id, request.token.expiresAt);
    return reply.status(204).send();
  });
}
