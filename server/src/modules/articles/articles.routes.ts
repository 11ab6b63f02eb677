// /api/articles: the shared master-data routes plus the admins' CSV export (Artikel.csv).
import type { FastifyInstance } from 'fastify';
import { FILE_NAMES } from '@lp/domain/file-names';
import type { Db } from '../../db/connection';
import { adminOnly } from '../../http/authentication';
import { fileResponse } from '../../http/responses';
import { CONTENT_TYPES, sendFile } from '../../lib/download';
import { registerMasterDataRoutes } from '../master-data/master-data.routes';
import { toCsv } from '../../lib/spreadsheet';
import { articleColumns } from './articles.export';
import { articleKind } from './articles.kind';

export async function articlesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const service = registerMasterDataRoutes(app, db, articleKind);

  const schema = { response: { 200: fileResponse(CONTENT_TYPES.csv, FILE_NAMES.articles) } };
  app.get('/api/articles/export', { preValidation: adminOnly, schema }, async (request, reply) => {
    const list = await service.list(request.user, false);
    return sendFile(reply, FILE_NAMES.articles, CONTENT_TYPES.csv, toCsv(articleColumns, list));
  });
}
