// /api/articles: the shared master-data routes plus the admins' CSV export (Artikel.csv).
import type { FastifyInstance } from 'fastify';
import { FILE_NAMES } from '@lp/domain/file-names';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { articleResponseSchema, fileResponse } from '../../http/responses';
import { CONTENT_TYPES, sendFile } from '../../lib/download';
import { registerMasterDataRoutes } from '../master-data/index';
import { listMasterData } from '../master-data/master-data.service';
import { toCsv } from '../../lib/spreadsheet';
import { articleColumns } from './articles.columns';
import { articleKind } from './articles.kind';

export async function articlesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerMasterDataRoutes(app, db, articleKind, articleResponseSchema);

  const schema = { response: { 200: fileResponse(CONTENT_TYPES.csv, FILE_NAMES.articles) } };
  const preValidation = allowedBy('masterData:export');
  app.get('/api/articles/export', { preValidation, schema }, async (request, reply) => {
    const list = await listMasterData(db, articleKind, request.user, false);
    return sendFile(reply, FILE_NAMES.articles, CONTENT_TYPES.csv, toCsv(articleColumns, list));
  });
}
