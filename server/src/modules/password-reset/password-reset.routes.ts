// POST /api/password-reset and /api/password-reset/confirm (decisions.md section 13), both public.
// A reset request answers 202 with one German text after the same time whatever the address: the
// lookup, the token and the mail run beside a fixed wait, and the answer never waits for more than
// that wait or says how they went. Requests are throttled per client address (429, like the login)
// and per address asked for (silently: still 202, no further mail).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setTimeout as sleep } from 'node:timers/promises';
import { USER_LABELS } from '@lp/domain/labels';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@lp/domain/limits';
import { MESSAGES, PASSWORD_RESET_MESSAGES } from '@lp/domain/messages';
import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { errorResponseSchema } from '../../http/responses';
import { accountKey, addressKey, countedRequest } from '../auth/index';
import type { Mailer } from '../mail/index';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';

/** Every reset request is answered after this long, whatever it found. */
export const RESET_ANSWER_MS = 400;
/** Reset mails to one address per window; more requests are answered alike but send nothing. */
const PER_ADDRESS = { limit: 3, windowSeconds: 15 * 60 };

const messageSchema = z.object({ message: z.string() });
const text = (max: number) =>
  z.string({ error: MESSAGES.required }).max(max, { error: MESSAGES.maxLength(max) });

const requestBody = z.object({ emailAddress: text(EMAIL_MAX_LENGTH) }, { error: MESSAGES.malformedRequest });
const confirmBody = z.object(
  { token: text(200), password: text(PASSWORD_MAX_LENGTH) },
  { error: MESSAGES.malformedRequest },
);

interface Options {
  db: Db;
  mailer: Mailer;
  throttle: LoginThrottleConfig;
}

export async function passwordResetRoutes(app: FastifyInstance, { db, mailer, throttle }: Options) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/password-reset',
    {
      config: { public: true, bodyLabels: { emailAddress: USER_LABELS.emailAddress } },
      schema: {
        security: [],
        body: requestBody,
        response: { 202: messageSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const wait = await countedRequest(db, addressKey(`reset:${request.ip}`), throttle);
      if (wait !== null) {
        reply.header('retry-after', String(wait));
        throw AppError.of('TOO_MANY_REQUESTS', PASSWORD_RESET_MESSAGES.rateLimited);
      }
      const address = request.body.emailAddress;
      const work = (async () => {
        const addressWait = await countedRequest(db, `reset-${accountKey(address)}`, {
          ...throttle,
          addressLimit: PER_ADDRESS.limit,
          addressWindowSeconds: PER_ADDRESS.windowSeconds,
        });
        if (addressWait === null && address.trim() !== '') await requestPasswordReset(db, mailer, address);
      })().catch((error: unknown) => request.log.error({ err: error }, 'password reset request failed'));
      await Promise.all([sleep(Math.max(0, RESET_ANSWER_MS - (performance.now() - started))), work]);
      return reply.status(202).send({ message: PASSWORD_RESET_MESSAGES.requested });
    },
  );

  routes.post(
    '/api/password-reset/confirm',
    {
      config: { public: true, bodyLabels: { password: USER_LABELS.password } },
      schema: {
        security: [],
        body: confirmBody,
        response: { 200: messageSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const refusal = await confirmPasswordReset(db, request.body.token, request.body.password);
      if (refusal) throw new AppError(refusal.code, refusal.errors);
      return { message: PASSWORD_RESET_MESSAGES.done };
    },
  );
}
