// /api/debitors: the shared master-data routes plus the debitor list export (xlsx), which suppliers
// may download too; they get the active debitors, as in the list.
import type { FastifyInstance } from 'fastify';
import { FILE_NAMES } from '@lp/domain/file-names';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { debitorResponseSchema, fileResponse } from '../../http/responses';
import { CONTENT_TYPES, sendFile } from '../../lib/download';
import { registerMasterDataRoutes } from '../master-data/index';
import { listMasterData } from '../master-data/master-data.service';
import { debitorsWorkbook } from './debitors.workbook';
import { debitorKind } from './debitors.kind';

export async function debitorsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerMasterDataRoutes(app, db, debitorKind, debitorResponseSchema);

  const schema = { response: { 200: fileResponse(CONTENT_TYPES.xlsx, FILE_NAMES.debitors) } };
  const preValidation = allowedBy('debitors:export');
  app.get('/api/debitors/export', { preValidation, schema }, async (request, reply) => {
    const list = await listMasterData(db, debitorKind, request.user, false);
    return sendFile(reply, FILE_NAMES.debitors, CONTENT_TYPES.xlsx, await debitorsWorkbook(list));
  });
}
