// /api/creditors: the shared master-data routes plus the addresses of the urgency e-mail.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { numberParamsSchema } from '../../http/id-param';
import { creditorResponseSchema } from '../../http/responses';
import { registerMasterDataRoutes } from '../master-data/index';
import { creditorKind } from './creditors.kind';
import { creditorEmailAddresses } from './creditors.service';

export async function creditorsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerMasterDataRoutes(app, db, creditorKind, creditorResponseSchema);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/creditors/:number/email-addresses',
      { schema: { params: numberParamsSchema, response: { 200: z.array(z.string()) } } },
      async (request) => creditorEmailAddresses(db, request.user, request.params.number),
    );
}
