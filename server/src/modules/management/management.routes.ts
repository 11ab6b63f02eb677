// GET /api/management/export: all master data as one spreadsheet, dated (admins only).
import type { FastifyInstance } from 'fastify';
import { masterDataFileName } from '@lp/domain/file-names';
import { todayIsoDay } from '@lp/domain/dates';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { fileResponse } from '../../http/responses';
import { articleKind } from '../articles/index';
import { creditorKind } from '../creditors/index';
import { debitorKind } from '../debitors/index';
import { CONTENT_TYPES, sendFile } from '../../lib/download';
import { listMasterData } from '../master-data/master-data.service';
import { listUsers } from '../users/users.service';
import { masterDataWorkbook } from './management.workbook';

export async function managementRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const schema = { response: { 200: fileResponse(CONTENT_TYPES.xlsx, 'Stammdaten (Excel)') } };
  const preValidation = allowedBy('masterData:export');
  app.get('/api/management/export', { preValidation, schema }, async (request, reply) => {
    const [articles, creditors, debitors, users] = await Promise.all([
      listMasterData(db, articleKind, request.user, false),
      listMasterData(db, creditorKind, request.user, false),
      listMasterData(db, debitorKind, request.user, false),
      listUsers(db),
    ]);
    const file = await masterDataWorkbook({ articles, creditors, debitors, users });
    return sendFile(reply, masterDataFileName(todayIsoDay()), CONTENT_TYPES.xlsx, file);
  });
}
