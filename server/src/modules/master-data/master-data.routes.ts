// The five routes every master-data kind has: GET list, GET /{number}, POST, PUT /{number},
// DELETE /{number}. Writes are admin-only; read access is decided by the service.
import type { FastifyInstance } from 'fastify';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { BUSINESS_NUMBER_MAX } from '@lp/domain/limits';
import { MESSAGES } from '@lp/domain/messages';
import { POLICIES } from '@lp/domain/policies';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/app-error';
import { requirePolicy } from '../../http/authentication';
import { parseRequest } from '../../http/parse-request';
import type { MasterDataKind, MasterDataTable } from './master-data.kind';
import {
  createMasterData,
  deleteMasterData,
  getMasterData,
  listMasterData,
  updateMasterData,
} from './master-data.service';

type Stored = { number: number; isActive: boolean };

const malformed = { error: MESSAGES.malformedRequest };

/** `?onlyActive=true` keeps only active records (decisions.md section 2). */
export const listQuerySchema = z.object(
  { onlyActive: z.enum(['true', 'false'], malformed).optional() },
  malformed,
);

const numberParamsSchema = z.object({ number: z.string().regex(/^\d{1,10}$/, malformed) }, malformed);

/** The business number of the path; one that no record can have (0, too large) is simply not found. */
export function parseNumberParam(params: unknown): number {
  const number = Number(parseRequest(numberParamsSchema, params).number);
  if (number < 1 || number > BUSINESS_NUMBER_MAX) throw AppError.notFound();
  return number;
}

export function registerMasterDataRoutes<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(app: FastifyInstance, db: Db, kind: MasterDataKind<TTable, TSelection, TInput, TResponse>) {
  const base = `/api/${kind.path}`;

  app.get(base, async (request) => {
    const { onlyActive } = parseRequest(listQuerySchema, request.query);
    return listMasterData(db, kind, request.user, onlyActive === 'true');
  });

  app.get(`${base}/:number`, async (request) =>
    getMasterData(db, kind, request.user, parseNumberParam(request.params)),
  );

  app.post(base, async (request) => {
    requirePolicy(request, POLICIES['masterData:write']);
    return createMasterData(db, kind, parseRequest(kind.inputSchema, request.body, kind.labels));
  });

  app.put(`${base}/:number`, async (request) => {
    requirePolicy(request, POLICIES['masterData:write']);
    const number = parseNumberParam(request.params);
    return updateMasterData(db, kind, number, parseRequest(kind.inputSchema, request.body, kind.labels));
  });

  app.delete(`${base}/:number`, async (request, reply) => {
    requirePolicy(request, POLICIES['masterData:write']);
    await deleteMasterData(db, kind, parseNumberParam(request.params));
    return reply.status(204).send();
  });
}
