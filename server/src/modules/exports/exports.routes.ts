// /api/exports: the export batches (admins) and each batch's file again (decisions.md section 11).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_NAMES } from '@lp/domain/file-names';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { idParamsSchema } from '../../http/id-param';
import { acceptsGzip, storedGzipHeaders } from '../../http/compression';
import { exportBatchResponseSchema, fileResponse } from '../../http/responses';
import { CONTENT_TYPES, sendFile } from '../../lib/download';
import { getExportBatchFile, listExportBatches } from './exports.service';

export async function exportsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const readAllowed = allowedBy('exportBatches:read');

  routes.get(
    '/api/exports',
    { preValidation: readAllowed, schema: { response: { 200: z.array(exportBatchResponseSchema) } } },
    async () => listExportBatches(db),
  );

  routes.get(
    '/api/exports/:id/file',
    {
      preValidation: readAllowed,
      schema: {
        params: idParamsSchema,
        response: {
          200: {
            description: 'Die gelieferte Datei (Buchungen.csv oder Buchungen.xlsx)',
            content: {
              ...fileResponse(CONTENT_TYPES.csv, FILE_NAMES.bookings).content,
              ...fileResponse(CONTENT_TYPES.xlsx, FILE_NAMES.bookingsXlsx).content,
            },
          },
        },
      },
    },
    async (request, reply) => {
      const gzip = acceptsGzip(request);
      const { fileName, file } = await getExportBatchFile(db, request.params.id, { gzip });
      // The same headers as the first delivery (bookings.export.ts): type, name, never cached, and
      // the stored gzip stream itself to a client that accepts it.
      reply.header('cache-control', 'no-store').headers(storedGzipHeaders(gzip));
      // The batch keeps the name it was delivered under, and with it the format (decisions.md 14).
      const contentType = fileName.endsWith('.xlsx') ? CONTENT_TYPES.xlsx : CONTENT_TYPES.csv;
      return sendFile(reply, fileName, contentType, file);
    },
  );
}
