// /api/debitors: the shared master-data routes plus the debitor list export (xlsx), which suppliers
// may download too; they get the active debitors, as in the list.
import type { FastifyInstance } from 'fastify';
import { FILE_NAMES } from '@lp/domain/file-names';
import type { Db } from '../../db/connection';
import { fileResponse } from '../../http/responses';
import { CONTENT_TYPES, sendFile } from '../../lib/download';
import { registerMasterDataRoutes } from '../master-data/master-data.routes';
import { debitorsWorkbook } from './debitors.export';
import { debitorKind } from './debitors.kind';

export async function debitorsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const service = registerMasterDataRoutes(app, db, debitorKind);

  const schema = { response: { 200: fileResponse(CONTENT_TYPES.xlsx, FILE_NAMES.debitors) } };
  app.get('/api/debitors/export', { schema }, async (request, reply) => {
    const list = await service.list(request.user, false);
    return sendFile(reply, FILE_NAMES.debitors, CONTENT_TYPES.xlsx, await debitorsWorkbook(list));
  });
}
