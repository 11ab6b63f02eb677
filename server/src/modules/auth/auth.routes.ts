// POST /api/getsecuretoken: the OAuth 2 password grant of the spec (RFC 6749 section 4.3 and 5.2),
// throttled per client address and per user name (login-throttle.ts). A user with a second factor
// sends its code as one more field, `otp` (decisions.md section 15); without it, and only after a
// correct password, the answer asks for it (`mfa_required`). A wrong code counts as a failed login.
// POST /api/logout: `Abmelden` revokes the token it is called with, so a copy of it is refused too.
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@lp/domain/limits';
import { MESSAGES } from '@lp/domain/messages';
import { MFA_CODE_MAX_LENGTH } from '@lp/domain/mfa';
import { containsForbiddenCharacter } from '@lp/domain/text.schema';
import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/connection';
import { errorResponseSchema, noContentSchema } from '../../http/responses';
import { guardedCheck } from './login-guard';
import { verifyPassword } from '../../lib/passwords';
import { checkSecondFactorCode } from '../mfa/index';
import { findLoginCredentials, revokeSessionToken } from './auth.service';
import type { SessionUser } from './session-user';
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
    otp: formText(MFA_CODE_MAX_LENGTH),
  })
  .catch({});

const tokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string() });
/** A correct password of a user with a second factor, without a code: the login asks for it. */
const mfaRequiredSchema = oauthErrorSchema.extend({
  mfa_required: z.literal(true),
  code: z.enum(['MFA_REQUIRED', 'MFA_CODE_INVALID']),
});

type LoginCheck =
  { kind: 'ok'; user: SessionUser } | { kind: 'mfaRequired' } | { kind: 'codeWrong' } | { kind: 'failed' };

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
          400: z.union([mfaRequiredSchema, oauthErrorSchema, errorResponseSchema]),
          429: oauthErrorSchema,
        },
      },
      // Its forbidden characters are refused by its schema (formText), as OAuth errors.
      config: { public: true, ownTextRule: true },
    },
    async (request, reply) => {
      const { grant_type: grantType, username = '', password = '', otp } = request.body;
      if (grantType !== 'password') {
        return reply.status(400).send(oauthError('unsupported_grant_type', MESSAGES.unsupportedGrantType));
      }

      // request.ip is the socket's address unless TRUST_PROXY names the proxy in front.
      const guarded = await guardedCheck<LoginCheck>(
        db,
        throttle,
        { address: request.ip, username },
        async () => {
          const found = username ? await findLoginCredentials(db, username) : undefined;
          const valid = await verifyPassword(found?.passwordHash, password);
          if (!found || !valid || !found.isActive) return { ok: false, value: { kind: 'failed' } };
          const { passwordHash: _hash, ...user } = found;
          if (!user.secondFactor) return { ok: true, value: { kind: 'ok', user } };
          // Asking for the code is no failure: the password was right.
          if (!otp) return { ok: true, value: { kind: 'mfaRequired' } };
          const good = await checkSecondFactorCode(db, user.id, otp);
          return good
            ? { ok: true, value: { kind: 'ok', user } }
            : { ok: false, value: { kind: 'codeWrong' } };
        },
      );
      if ('retryAfterSeconds' in guarded) {
        if (guarded.account)
          request.log.info({ username }, 'login refused: too many failures for this user name');
        return tooManyAttempts(reply, guarded.retryAfterSeconds);
      }
      const outcome = guarded.check.value;
      // Only a caller who knows the password learns that a code is needed, or that it was wrong;
      // the screen stays on its code step for both.
      if (outcome.kind === 'mfaRequired' || outcome.kind === 'codeWrong') {
        if (outcome.kind === 'codeWrong')
          request.log.info({ username }, 'login failed: wrong second-factor code');
        const needed = outcome.kind === 'mfaRequired';
        return reply.status(400).send({
          ...oauthError('invalid_grant', needed ? MESSAGES.mfaCodeNeeded : MESSAGES.mfaCodeInvalid),
          mfa_required: true as const,
          code: needed ? ('MFA_REQUIRED' as const) : ('MFA_CODE_INVALID' as const),
        });
      }
      if (outcome.kind === 'failed') {
        request.log.info({ username }, 'login failed');
        return reply.status(400).send(oauthError('invalid_grant', MESSAGES.loginFailed));
      }
      const { user } = outcome;
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
    .post(
      '/api/logout',
      { config: { beforeSecondFactor: true }, schema: { response: { 204: noContentSchema } } },
      async (request, reply) => {
        await revokeSessionToken(db, request.token.id, request.token.expiresAt);
        return reply.status(204).send(null);
      },
    );
}
