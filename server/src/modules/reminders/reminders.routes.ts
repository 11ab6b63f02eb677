// The reminder plan (Erinnerungsplan, decisions.md section 13), for admins: read and save it, preview
// and run it for a date, and the reminders sent for the Meldestatus.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateQuerySchema, monthSchema } from '@lp/domain/mail-requests';
import { MESSAGES } from '@lp/domain/messages';
import { reminderPlanSchema, reminderPreviewSchema, reminderRunSchema } from '@lp/domain/reminder-plan';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import type { Mailer } from '../mail/index';
import {
  previewReminders,
  reminderPlan,
  runReminders,
  saveReminderPlan,
  sentReminders,
} from './reminders.service';

const planResponseSchema = z.object({
  enabled: z.boolean(),
  steps: z.array(z.object({ workingDay: z.number().int(), text: z.string().optional() })),
});
const sentQuerySchema = z.object(
  { from: monthSchema, until: monthSchema },
  { error: MESSAGES.malformedRequest },
);
const sentResponseSchema = z.array(
  z.object({
    creditorNumber: z.number().int(),
    month: z.string(),
    workingDay: z.number().int(),
    sentAt: z.string(),
  }),
);

interface Options {
  db: Db;
  mailer: Mailer;
  demo: boolean;
}

export async function remindersRoutes(app: FastifyInstance, { db, mailer, demo }: Options) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admins = allowedBy('mail:send');

  routes.get(
    '/api/reminders/plan',
    { preValidation: admins, schema: { response: { 200: planResponseSchema } } },
    async () => reminderPlan(db, demo),
  );

  routes.put(
    '/api/reminders/plan',
    {
      preValidation: admins,
      schema: {
        body: reminderPlanSchema,
        response: { 200: planResponseSchema },
      },
    },
    async (request) => saveReminderPlan(db, request.body, demo),
  );

  routes.get(
    '/api/reminders/preview',
    {
      preValidation: admins,
      schema: {
        querystring: dateQuerySchema,
        response: { 200: reminderPreviewSchema },
      },
    },
    async (request) => previewReminders(db, mailer, demo, request.query.date),
  );

  routes.post(
    '/api/reminders/run',
    {
      preValidation: admins,
      schema: {
        querystring: dateQuerySchema,
        response: { 200: reminderRunSchema },
      },
    },
    async (request) => ({
      date: request.query.date,
      queued: await runReminders(db, mailer, demo, request.query.date),
    }),
  );

  routes.get(
    '/api/reminders/sent',
    {
      preValidation: admins,
      schema: {
        querystring: sentQuerySchema,
        response: { 200: sentResponseSchema },
      },
    },
    async (request) => sentReminders(db, request.query.from, request.query.until),
  );
}
