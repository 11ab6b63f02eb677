// GET /api/reporting-status and its xlsx export (decisions.md section 10). The query is the domain's
// one schema: a bad month or a range over 36 months is a German 400 from the shared error handler.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayIsoDay } from '@lp/domain/dates';
import { reportingStatusFileName } from '@lp/domain/file-names';
import { reportingStatusQuerySchema } from '@lp/domain/reporting-status';
import { allowedBy } from '../../http/authentication';
import { fileResponse, reportingStatusResponseSchema } from '../../http/responses';
import { CONTENT_TYPES, sendFile } from '../../lib/download';
import { reportingStatusWorkbook } from './reporting-status.workbook';
import { getReportingStatus } from './reporting-status.service';

export async function reportingStatusRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const querystring = reportingStatusQuerySchema();

  routes.get(
    '/api/reporting-status',
    { schema: { querystring, response: { 200: reportingStatusResponseSchema } } },
    async (request) => request.read((db) => getReportingStatus(db, request.user, request.query)),
  );

  routes.get(
    '/api/reporting-status/export',
    {
      preValidation: allowedBy('reportingStatus:export'),
      schema: { querystring, response: { 200: fileResponse(CONTENT_TYPES.xlsx, 'Meldestatus (Excel)') } },
    },
    async (request, reply) => {
      const status = await request.read((db) => getReportingStatus(db, request.user, request.query));
      const file = await reportingStatusWorkbook(status);
      return sendFile(reply, reportingStatusFileName(todayIsoDay()), CONTENT_TYPES.xlsx, file);
    },
  );
}
