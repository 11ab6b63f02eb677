// POST /api/getsecuretoken: the OAuth 2 password grant of the spec (RFC 6749 section 4.3 and 5.2),
// throttled per client address and per user name (login-throttle.ts).
// POST /api/logout: `Abmelden` revokes the token it is called with, so a copy of it is refused too.
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@lp/domain/limits';
import { MESSAGES } from '@lp/domain/messages';
import { containsForbiddenCharacter } from '@lp/domain/text.schema';
import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/connection';
import { errorResponseSchema, noContentSchema } from '../../http/responses';
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

/**
 * The form fields. The grant answers with OAuth errors, never with a malformed-request list: a
 * missing, non-text or over-long field, or one with a forbidden character (text.schema.ts), counts as
 * empty (unsupported grant type or failed login), so none reaches PostgreSQL.
 */
const formText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !containsForbiddenCharacter(text))
    .optional()
    .catch(undefined);
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

function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .send(oauthError('invalid_request', MESSAGES.loginRateLimited(retryAfterSeconds)));
}

export async function authRoutes(app: FastifyInstance, { db, keys, throttle }: Options) {
  // Form bodies for this plugin's routes only: every other route takes JSON (or multipart), and
  // answers a form body 415 instead of reading its strings as fields.
  await app.register(formbody);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/getsecuretoken',
    {
      schema: {
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenRequestSchema,
        security: [],
        response: {
          200: tokenSchema,
          // OAuth errors; a body that is not a form at all gets the malformed-request list.
          400: z.union([oauthErrorSchema, errorResponseSchema]),
          429: oauthErrorSchema,
        },
      },
      // Its forbidden characters are refused by its schema (formText), as OAuth errors.
      config: { public: true, ownTextRule: true },
    },
    async (request, reply) => {
      const { grant_type: grantType, username = '', password = '' } = request.body;
      if (grantType !== 'password') {
        return reply.status(400).send(oauthError('unsupported_grant_type', MESSAGES.unsupportedGrantType));
      }

      // request.ip is the socket's address unless TRUST_PROXY names the proxy in front.
      const addressWait = await reserveAttempt(db, addressKey(request.ip), (row, now) =>
        addressAttempt(row, now, throttle),
      );
      if (addressWait !== null) return tooManyAttempts(reply, addressWait);
      const account = username.trim() ? accountKey(username) : undefined;
      if (account) {
        const accountWait = await reserveAttempt(db, account, (row, now) =>
          accountAttempt(row, now, throttle),
        );
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
    },
  );
}

export async function logoutRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/logout', { schema: { response: { 204: noContentSchema } } }, async (request, reply) => {
      await revokeToken(db, request.token.id, request.token.expiresAt);
      return reply.status(204).send(null);
    });
}
