// /api/audit: the history of one record (decisions.md section 11). Read-only: no route changes or
// deletes an entry, and the database refuses it too (migration 0007_audit_entries_immutable).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allowedBy } from '../../http/authentication';
import { auditEntriesResponseSchema } from '../../http/responses';
import { auditQuerySchema } from './audit.request';
import { listAuditEntries } from './audit.service';

export async function auditRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/audit',
    {
      preValidation: allowedBy('audit:read'),
      schema: { querystring: auditQuerySchema, response: { 200: auditEntriesResponseSchema } },
    },
    async (request) => request.read((db) => listAuditEntries(db, request.query.entity, request.query.id)),
  );
}
