// /api/creditors: the shared master-data routes plus the addresses of the urgency e-mail.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';
import { parseNumberParam, registerMasterDataRoutes } from '../master-data/master-data.routes';
import { creditorKind } from './creditors.kind';
import { creditorEmailAddresses } from './creditors.service';

export async function creditorsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerMasterDataRoutes(app, db, creditorKind);

  app.get('/api/creditors/:number/email-addresses', async (request) =>
    creditorEmailAddresses(db, request.user, parseNumberParam(request.params)),
  );
}
