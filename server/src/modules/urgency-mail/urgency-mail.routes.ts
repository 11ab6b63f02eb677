// POST /api/creditors/{number}/urgency-mail and POST /api/reporting-status/urgency-mail (admins).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allUrgencyMailSchema,
  creditorUrgencyMailSchema,
  MAIL_REQUEST_MESSAGES,
  queuedResponseSchema,
} from '@lp/domain/mail-requests';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { numberParamsSchema } from '../../http/id-param';
import type { Mailer } from '../mail/index';
import { sendCreditorUrgencyMail, sendMissingUrgencyMails } from './urgency-mail.service';

const bodyLabels = { deadline: 'Frist', month: 'Monat' };
const answer = (queued: number) => ({ queued, message: MAIL_REQUEST_MESSAGES.queued(queued) });

export async function urgencyMailRoutes(app: FastifyInstance, { db, mailer }: { db: Db; mailer: Mailer }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sendMail = allowedBy('mail:send');

  routes.post(
    '/api/creditors/:number/urgency-mail',
    {
      preValidation: sendMail,
      config: { bodyLabels },
      schema: {
        params: numberParamsSchema,
        body: creditorUrgencyMailSchema,
        response: { 202: queuedResponseSchema },
      },
    },
    async (request, reply) => {
      const queued = await sendCreditorUrgencyMail(db, mailer, request.params.number, request.body.deadline);
      return reply.status(202).send(answer(queued));
    },
  );

  routes.post(
    '/api/reporting-status/urgency-mail',
    {
      preValidation: sendMail,
      config: { bodyLabels },
      schema: {
        body: allUrgencyMailSchema,
        response: { 202: queuedResponseSchema },
      },
    },
    async (request, reply) => {
      const queued = await sendMissingUrgencyMails(db, mailer, request.body.month, request.body.deadline);
      return reply.status(202).send(answer(queued));
    },
  );
}
