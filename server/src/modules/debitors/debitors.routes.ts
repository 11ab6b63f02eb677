// /api/debitors: the shared master-data routes plus the debitor list export (xlsx), which suppliers
// may download too; they get the active debitors, as in the list.
import type { FastifyInstance } from 'fastify';
import { FILE_NAMES } from '@lp/domain/file-names';
import { POLICIES } from '@lp/domain/policies';
import type { Db } from '../../db/connection';
import { requirePolicy } from '../../http/authentication';
import { CONTENT_TYPES, sendFile } from '../../lib/download';
import { registerMasterDataRoutes } from '../master-data/master-data.routes';
import { listMasterData } from '../master-data/master-data.service';
import { debitorsWorkbook } from './debitors.export';
import { debitorKind } from './debitors.kind';

export async function debitorsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerMasterDataRoutes(app, db, debitorKind);

  app.get('/api/debitors/export', async (request, reply) => {
    requirePolicy(request, POLICIES['debitors:export']);
    const list = await listMasterData(db, debitorKind, request.user, false);
    return sendFile(reply, FILE_NAMES.debitors, CONTENT_TYPES.xlsx, await debitorsWorkbook(list));
  });
}
