// GET /api/management/export: all master data as one spreadsheet, dated (admins only).
import type { FastifyInstance } from 'fastify';
import { masterDataFileName } from '@lp/domain/file-names';
import { todayIsoDay } from '@lp/domain/dates';
import type { Db } from '../../db/connection';
import { adminOnly } from '../../http/authentication';
import { fileResponse } from '../../http/responses';
import { articleKind } from '../articles/articles.kind';
import { creditorKind } from '../creditors/creditors.kind';
import { debitorKind } from '../debitors/debitors.kind';
import { CONTENT_TYPES, sendFile } from '../../lib/download';
import { masterDataService } from '../master-data/master-data.service';
import { usersService } from '../users/users.service';
import { masterDataWorkbook } from './management.export';

export async function managementRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const articleService = masterDataService(db, articleKind);
  const creditorService = masterDataService(db, creditorKind);
  const debitorService = masterDataService(db, debitorKind);
  const userService = usersService(db);

  const schema = { response: { 200: fileResponse(CONTENT_TYPES.xlsx, 'Stammdaten (Excel)') } };
  app.get('/api/management/export', { preValidation: adminOnly, schema }, async (request, reply) => {
    const [articles, creditors, debitors, users] = await Promise.all([
      articleService.list(request.user, false),
      creditorService.list(request.user, false),
      debitorService.list(request.user, false),
      userService.list(),
    ]);
    const file = await masterDataWorkbook({ articles, creditors, debitors, users });
    return sendFile(reply, masterDataFileName(todayIsoDay()), CONTENT_TYPES.xlsx, file);
  });
}
