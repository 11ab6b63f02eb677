// The five routes every master-data kind has: GET list, GET /{number}, POST, PUT /{number},
// DELETE /{number}. Writes are admin-only; read access is decided by the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { MESSAGES } from '@lp/domain/messages';
import type { Db } from '../../db/connection';
import { allowedBy } from '../../http/authentication';
import { numberParamsSchema } from '../../http/id-param';
import { expectedVersion, setRecordVersion } from '../../http/record-version';
import { masterDataSaveResultSchema, noContentSchema } from '../../http/responses';
import type { MasterDataKind, MasterDataTable, Stored } from './master-data.kind';
import {
  createMasterData,
  deleteMasterData,
  getMasterData,
  listMasterData,
  updateMasterData,
} from './master-data.service';

const malformed = { error: MESSAGES.malformedRequest };

/** `?onlyActive=true` keeps only active records (decisions.md section 2). */
export const listQuerySchema = z.object(
  { onlyActive: z.enum(['true', 'false'], malformed).optional() },
  malformed,
);

export function registerMasterDataRoutes<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(
  app: FastifyInstance,
  db: Db,
  kind: MasterDataKind<TTable, TSelection, TInput, TResponse>,
  /** The answer's schema (http/responses.ts): its output is exactly what the kind's toResponse gives. */
  answerSchema: z.ZodType<TResponse>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const write = allowedBy('masterData:write');
  const base = `/api/${kind.path}`;
  const body = { bodyLabels: kind.labels };
  // The kind's answer type is generic here; its schema and toResponse are tied by the signature above.
  const responseSchema = answerSchema as z.ZodType<Stored>;

  routes.get(
    base,
    { schema: { querystring: listQuerySchema, response: { 200: z.array(responseSchema) } } },
    async (request) => listMasterData(db, kind, request.user, request.query.onlyActive === 'true'),
  );

  routes.get(
    `${base}/:number`,
    { schema: { params: numberParamsSchema, response: { 200: responseSchema } } },
    async (request, reply) => {
      const { record, version } = await getMasterData(db, kind, request.user, request.params.number);
      setRecordVersion(reply, version);
      return record;
    },
  );

  routes.post(
    base,
    {
      preValidation: write,
      config: body,
      schema: { body: kind.inputSchema, response: { 200: masterDataSaveResultSchema } },
    },
    async (request) => createMasterData(db, kind, request.body, request.user),
  );

  routes.put(
    `${base}/:number`,
    {
      preValidation: write,
      config: body,
      schema: {
        params: numberParamsSchema,
        body: kind.inputSchema,
        response: { 200: masterDataSaveResultSchema },
      },
    },
    async (request) =>
      updateMasterData(db, kind, request.params.number, request.body, request.user, expectedVersion(request)),
  );

  routes.delete(
    `${base}/:number`,
    { preValidation: write, schema: { params: numberParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteMasterData(db, kind, request.params.number, request.user, expectedVersion(request));
      return reply.status(204).send(null);
    },
  );
}
