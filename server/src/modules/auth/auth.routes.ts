// POST /api/getsecuretoken: the OAuth 2 password grant of the spec (RFC 6749 section 4.3 and 5.2).
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@lp/domain/messages';
import type { Db } from '../../db/connection';
import { verifyPassword } from './passwords';
import { findCredentialsByEmail } from './session-user.repository';
import { signAccessToken, type TokenKeys } from './tokens';

interface Options {
  db: Db;
  keys: TokenKeys;
  rateLimitPerMinute: number;
}

const oauthError = (error: string, description: string) => ({ error, error_description: description });

export async function authRoutes(app: FastifyInstance, { db, keys, rateLimitPerMinute }: Options) {
  app.post(
    '/api/getsecuretoken',
    {
      config: {
        public: true,
        rateLimit: {
          max: rateLimitPerMinute,
          timeWindow: 60_000,
          errorResponseBuilder: () => ({
            statusCode: 429,
            ...oauthError('invalid_request', MESSAGES.loginRateLimited),
          }),
        },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      if (text(body.grant_type) !== 'password') {
        return reply.status(400).send(oauthError('unsupported_grant_type', MESSAGES.unsupportedGrantType));
      }
      const username = text(body.username);
      const password = text(body.password);
      const user = username ? await findCredentialsByEmail(db, username) : undefined;
      const valid = await verifyPassword(user?.passwordHash, password);
      if (!user || !valid || !user.isActive) {
        request.log.info({ username }, 'login failed');
        return reply.status(400).send(oauthError('invalid_grant', MESSAGES.loginFailed));
      }
      const token = await signAccessToken(keys, { userId: user.id, tokenVersion: user.tokenVersion });
      return reply
        .header('cache-control', 'no-store')
        .send({ access_token: token, token_type: 'bearer', expires_in: keys.lifetimeSeconds });
    },
  );
}
