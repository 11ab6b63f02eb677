// /api/uploads: the upload batches a user may see, and the undo of one (decisions.md section 11).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import { idParamsSchema } from '../../http/id-param';
import { noContentSchema, uploadBatchResponseSchema } from '../../http/responses';
import { uploadBatchesQuerySchema } from './upload-batches.request';
import { listUploadBatches, undoUpload } from './upload-batches.service';

export async function uploadBatchesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/uploads',
    {
      schema: {
        querystring: uploadBatchesQuerySchema,
        response: { 200: z.array(uploadBatchResponseSchema) },
      },
    },
    async (request) => listUploadBatches(db, request.user, request.query),
  );

  routes.delete(
    '/api/uploads/:id',
    { schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const removed = await undoUpload(db, request.user, request.params.id);
      request.log.info({ uploadBatch: request.params.id, removed }, 'upload undone');
      return reply.status(204).send(null);
    },
  );
}
