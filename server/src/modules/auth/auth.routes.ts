// POST /api/getsecuretoken: the OAuth 2 password grant of the spec (RFC 6749 section 4.3 and 5.2).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@lp/domain/limits';
import { MESSAGES } from '@lp/domain/messages';
import { errorResponseSchema } from '../../http/responses';
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

/**
 * The form fields. The grant answers with OAuth errors, never with a malformed-request list: a
 * missing, non-text or over-long field counts as empty (unsupported grant type or failed login).
 */
const formText = (max: number) => z.string().max(max).optional().catch(undefined);
const tokenRequestSchema = z
  .object({
    grant_type: formText(16),
    username: formText(EMAIL_MAX_LENGTH),
    password: formText(PASSWORD_MAX_LENGTH),
  })
  .catch({});

const tokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string() });

export async function authRoutes(app: FastifyInstance, { db, keys, rateLimitPerMinute }: Options) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/getsecuretoken',
    {
      schema: {
        summary: 'Zugriffstoken (OAuth 2, password grant)',
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenRequestSchema,
        security: [],
        response: {
          200: tokenSchema,
          // OAuth errors; a body that is not a form at all gets the malformed-request list.
          400: z.union([oauthErrorSchema, errorResponseSchema]),
        },
      },
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
      const { grant_type: grantType, username = '', password = '' } = request.body;
      if (grantType !== 'password') {
        return reply.status(400).send(oauthError('unsupported_grant_type', MESSAGES.unsupportedGrantType));
      }
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
