// The second factor's routes (decisions.md section 15): one's own under /api/users/me/mfa (status,
// enrolment, confirmation by a first code, removal with password and code) and an admin's reset of
// another user's. Wrong codes and passwords here count as failed logins of the user's name and the
// client's address (the login guard, decision 0075), so the profile is no side door for guessing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@lp/domain/messages';
import { mfaConfirmSchema, mfaRemoveSchema } from '@lp/domain/mfa';
import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { idParamsSchema } from '../../http/id-param';
import { errorResponseSchema, noContentSchema } from '../../http/responses';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/passwords';
import { findCredentialsByEmail, guardedCheck } from '../auth/index';
import {
  checkSecondFactorCode,
  confirmEnrolment,
  hasSecondFactor,
  removeSecondFactor,
  secondFactorStatus,
  startEnrolment,
  type MfaMode,
} from './mfa.service';

interface Options {
  db: Db;
  throttle: LoginThrottleConfig;
  mode: MfaMode;
}

const statusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  enrolmentRequired: z.boolean(),
});
const enrolmentSchema = z.object({ otpauthUrl: z.string(), secret: z.string(), qrCode: z.string() });
const confirmedSchema = z.object({ recoveryCodes: z.array(z.string()) });
const resetSchema = z.object({ removed: z.boolean() });

/** Open to an admin who must still enrol (MFA_FOR_ADMINS=required): the enrolment itself. */
const enrolment = { beforeSecondFactor: true } as const;

function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({
      code: 'TOO_MANY_REQUESTS',
      errors: [{ property: '', message: MESSAGES.loginRateLimited(retryAfterSeconds) }],
    });
}

/** A check of one of the user's secrets under the login throttling of their name and address. */
function throttled<T>(
  db: Db,
  throttle: LoginThrottleConfig,
  request: FastifyRequest,
  check: () => Promise<{ ok: boolean; value: T }>,
) {
  return guardedCheck(db, throttle, { address: request.ip, username: request.user.emailAddress }, check);
}

export async function mfaRoutes(app: FastifyInstance, { db, throttle, mode }: Options) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const own = allowedBy('profile:edit');

  routes.get(
    '/api/users/me/mfa',
    { preValidation: own, config: enrolment, schema: { response: { 200: statusSchema } } },
    async (request) => secondFactorStatus(db, request.user, mode),
  );

  routes.post(
    '/api/users/me/mfa',
    { preValidation: own, config: enrolment, schema: { response: { 200: enrolmentSchema } } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await startEnrolment(db, request.user)),
  );

  routes.post(
    '/api/users/me/mfa/confirm',
    {
      preValidation: own,
      config: enrolment,
      schema: { body: mfaConfirmSchema, response: { 200: confirmedSchema, 429: errorResponseSchema } },
    },
    async (request, reply) => {
      const guarded = await throttled(db, throttle, request, async () => {
        const outcome = await confirmEnrolment(db, request.user, request.body.code);
        return { ok: outcome !== 'invalid', value: outcome };
      });
      if ('retryAfterSeconds' in guarded) return tooManyAttempts(reply, guarded.retryAfterSeconds);
      const outcome = guarded.check.value;
      if (outcome === 'invalid') throw AppError.of('MFA_CODE_INVALID', MESSAGES.mfaCodeInvalid, 'code');
      request.log.info({ userId: request.user.id }, 'second factor enrolled');
      return reply.header('cache-control', 'no-store').send(outcome);
    },
  );

  routes.delete(
    '/api/users/me/mfa',
    {
      preValidation: own,
      schema: { body: mfaRemoveSchema, response: { 204: noContentSchema, 429: errorResponseSchema } },
    },
    async (request, reply) => {
      const { password, code } = request.body;
      if (!(await hasSecondFactor(db, request.user.id))) {
        throw AppError.of('MFA_STATE_CONFLICT', MESSAGES.mfaNotEnabled);
      }
      const guarded = await throttled(db, throttle, request, async () => {
        const credentials = await findCredentialsByEmail(db, request.user.emailAddress);
        if (!(await verifyPassword(credentials?.passwordHash, password))) {
          return { ok: false, value: 'password' as const };
        }
        const good = await checkSecondFactorCode(db, request.user.id, code);
        return { ok: good, value: good ? ('ok' as const) : ('code' as const) };
      });
      if ('retryAfterSeconds' in guarded) return tooManyAttempts(reply, guarded.retryAfterSeconds);
      const outcome = guarded.check.value;
      if (outcome === 'password')
        throw AppError.of('MFA_CODE_INVALID', MESSAGES.mfaPasswordWrong, 'password');
      if (outcome === 'code') throw AppError.of('MFA_CODE_INVALID', MESSAGES.mfaCodeInvalid, 'code');
      await removeSecondFactor(db, request.user, request.user.id);
      request.log.info({ userId: request.user.id }, 'second factor removed by its user');
      return reply.status(204).send(null);
    },
  );

  routes.delete(
    '/api/users/:id/mfa',
    {
      preValidation: allowedBy('secondFactor:reset'),
      schema: { params: idParamsSchema, response: { 200: resetSchema } },
    },
    async (request) => {
      // Else a borrowed admin session could drop the admin's own factor without password and code.
      if (request.params.id === request.user.id) throw AppError.forbidden(MESSAGES.mfaOwnReset);
      const removed = await removeSecondFactor(db, request.user, request.params.id);
      request.log.info({ userId: request.params.id, removed }, 'second factor reset by an admin');
      return { removed };
    },
  );
}
