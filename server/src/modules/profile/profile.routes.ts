// GET /api/profile and PUT /api/profile/mail-settings: the signed-in user's own settings (Mein Profil).
// Only the receipts switch so far; the profile page is a composition of sections, so further
// settings get routes of their own.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@lp/domain/messages';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { receiptsWanted, setReceiptsWanted } from '../mail/index';

const profileSchema = z.object({ emailAddress: z.string(), receipts: z.boolean() });
const mailSettingsSchema = z.object(
  { receipts: z.boolean({ error: MESSAGES.malformedRequest }) },
  { error: MESSAGES.malformedRequest },
);

export async function profileRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const own = allowedBy('profile:edit');

  routes.get(
    '/api/profile',
    { preValidation: own, schema: { response: { 200: profileSchema } } },
    async (request) => ({
      emailAddress: request.user.emailAddress,
      receipts: await receiptsWanted(db, request.user.id),
    }),
  );

  routes.put(
    '/api/profile/mail-settings',
    {
      preValidation: own,
      schema: {
        body: mailSettingsSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      await setReceiptsWanted(db, request.user.id, request.body.receipts);
      return { emailAddress: request.user.emailAddress, receipts: request.body.receipts };
    },
  );
}
