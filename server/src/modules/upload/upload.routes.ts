// POST /api/upload?checkForDuplicates=&dryRun=: one bookings file (CSV, xlsx or ods) under the multipart
// field uploads[] (dryRun=true: checked, nothing stored); GET /api/upload/template?format=csv|xlsx:
// the file templates. Any signed-in user.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_NAMES } from '@lp/domain/file-names';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MEGABYTES, UPLOAD_MAX_ROWS, UPLOADS_PER_USER } from '@lp/domain/limits';
import { MESSAGES, UPLOAD_MESSAGES } from '@lp/domain/messages';
import { bookingScope } from '@lp/domain/policies';
import { UPLOAD_FIELD_NAME } from '@lp/domain/upload-columns';
import {
  columnMappingBodySchema,
  UPLOAD_ROW_HEADER_MAX_LENGTH,
  UPLOAD_ROW_VALUE_MAX_LENGTH,
} from '@lp/domain/upload-sheet';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { CONTENT_TYPES, sendFile } from '../../lib/download';
import { requireAccess } from '../../lib/access';
import { AppError, errorBody } from '../../lib/app-error';
import { watchIdleSocket } from '../../http/body-idle-timeout';
import {
  errorResponseSchema,
  mediaTypeOf,
  noContentSchema,
  uploadResultSchema,
  uploadSheetSchema,
} from '../../http/responses';
import { saveQuerySchema } from '../bookings/index';
import { createImportQueue, type Admission, type ImportTicket } from './import-queue';
import { createSharedAdmissions, type SharedLease } from './shared-admissions';
import { buildCsvTemplate, buildXlsxTemplate } from './upload-template';
import { uploadFileName } from './upload-file-name';
import { importRows, importUpload } from './upload.service';
import { readUploadSheet, rememberColumnMapping } from './upload-sheet.service';

/** POST /api/upload/rows: a file's rows as JSON, at most the file limit's rows of long cells. */
const UPLOAD_ROWS_MAX_BYTES = 4 * UPLOAD_MAX_BYTES;
const ROW_NUMBER_MAX = 10_000_000;
const invalidRows = { error: MESSAGES.malformedRequest };
const uploadRowsBodySchema = z.object(
  {
    fileName: z.string(invalidRows).min(1, invalidRows).max(255, invalidRows),
    rows: z
      .array(
        z.object(
          {
            rowNumber: z
              .number(invalidRows)
              .int(invalidRows)
              .min(2, invalidRows)
              .max(ROW_NUMBER_MAX, invalidRows),
            values: z.record(
              z.string(invalidRows).max(UPLOAD_ROW_HEADER_MAX_LENGTH, invalidRows),
              z.string(invalidRows).max(UPLOAD_ROW_VALUE_MAX_LENGTH, invalidRows),
              invalidRows,
            ),
          },
          invalidRows,
        ),
        invalidRows,
      )
      .min(1, { error: UPLOAD_MESSAGES.noDataRows })
      .max(UPLOAD_MAX_ROWS, { error: UPLOAD_MESSAGES.tooManyRows(UPLOAD_MAX_ROWS.toLocaleString('de-DE')) }),
  },
  invalidRows,
);
import type { Mailer } from '../mail/index';

const templateQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: MESSAGES.malformedRequest }).default('csv'),
});

/** Headers and boundaries of a multipart body around one file stay far below this. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const fileTooLarge = () =>
  AppError.of('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.fileTooLarge(UPLOAD_MAX_MEGABYTES));

/** Seconds a refused upload is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 10;

export async function uploadRoutes(
  app: FastifyInstance,
  { db, config, mailer }: { db: Db; config: Config; mailer?: Mailer },
) {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 2,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
  const queue = createImportQueue({
    concurrency: config.uploadConcurrency,
    perUser: UPLOADS_PER_USER,
    maxAdmitted: config.uploadQueueLength,
  });
  // The queue above schedules this process's imports; the per-user limit also holds across servers.
  const shared = createSharedAdmissions(db, {
    perUser: UPLOADS_PER_USER,
    onRenewalFailure: (error) => app.log.warn(`Renewing the upload leases failed: ${error.message}`),
  });
  app.addHook('onClose', async () => shared.close());
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/upload',
    {
      schema: {
        // The file is not a schema'd body: it travels as multipart (field uploads[]) and the handler
        // reads it as a stream under the multipart limits above.
        description: 'multipart/form-data mit genau einer Datei (CSV, xlsx oder ods) im Feld uploads[]',
        querystring: saveQuerySchema,
        response: { 200: uploadResultSchema, 413: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { checkForDuplicates, dryRun } = request.query;
      requireAccess(request.user, 'upload', []);
      return withImportSlot(request, reply, async (ticket) => {
        let file: Buffer;
        let fileName: string;
        try {
          ({ file, fileName } = await receiveOneFile(request, config.uploadIdleTimeoutMs));
        } catch (error) {
          ticket.release();
          throw error;
        }
        const started = performance.now();
        const result = await ticket.run(() =>
          importUpload(db, file, request.user, { checkForDuplicates, fileName, dryRun, mailer }),
        );
        logProcessed(request, result, started, file.length);
        return result;
      });
    },
  );

  routes.post(
    '/api/upload/rows',
    {
      // The rows of a file as JSON, corrected on screen (repair in place): up to the file's row limit.
      bodyLimit: UPLOAD_ROWS_MAX_BYTES,
      schema: {
        description:
          'Die Zeilen einer Datei als JSON (Korrektur im Browser), mit denselben Regeln, Antworten und Grenzen wie eine Datei',
        querystring: saveQuerySchema,
        body: uploadRowsBodySchema,
        response: { 200: uploadResultSchema, 413: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { checkForDuplicates, dryRun } = request.query;
      requireAccess(request.user, 'upload', []);
      const fileName = uploadFileName(request.body.fileName);
      return withImportSlot(request, reply, async (ticket) => {
        const started = performance.now();
        const result = await ticket.run(() =>
          importRows(db, request.body.rows, request.user, { checkForDuplicates, fileName, dryRun, mailer }),
        );
        logProcessed(request, result, started, request.body.rows.length);
        return result;
      });
    },
  );

  routes.post(
    '/api/upload/sheet',
    {
      schema: {
        description:
          'multipart/form-data mit genau einer Datei im Feld uploads[]: ihre Zeilen als Text für die Korrektur im Browser, nichts wird gespeichert',
        response: { 200: uploadSheetSchema, 413: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      requireAccess(request.user, 'upload', []);
      // Reading a file costs what its import costs: the same queue and limits.
      return withImportSlot(request, reply, async (ticket) => {
        let file: Buffer;
        try {
          ({ file } = await receiveOneFile(request, config.uploadIdleTimeoutMs));
        } catch (error) {
          ticket.release();
          throw error;
        }
        return ticket.run(() => readUploadSheet(db, file, request.user));
      });
    },
  );

  routes.put(
    '/api/upload/column-mapping',
    {
      schema: {
        description:
          'Die Spaltenzuordnung des Benutzers für Dateien mit diesen Überschriften merken (Dateiüberschrift → Spalte)',
        body: columnMappingBodySchema,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      requireAccess(request.user, 'upload', []);
      await rememberColumnMapping(db, request.user, request.body);
      return reply.status(204).send(null);
    },
  );

  /**
   * Runs `work` with a place in the import queue and a lease of the user's shared limit, or answers
   * 429: files and rows share the same limits (admitted before the body is read for a file).
   */
  async function withImportSlot<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (ticket: ImportTicket) => Promise<T>,
  ): Promise<T | FastifyReply> {
    const admission = queue.admit(request.user.id);
    if (!admission.admitted) return refuse(reply, admission);
    const { ticket } = admission;
    let lease: SharedLease | undefined;
    try {
      lease = await shared.acquire(request.user.id);
    } catch (error) {
      ticket.release();
      throw error;
    }
    if (!lease) {
      ticket.release();
      return refuse(reply, { admitted: false, reason: 'user-limit' });
    }
    try {
      return await work(ticket);
    } finally {
      await lease.release();
    }
  }

  routes.get(
    '/api/upload/template',
    {
      schema: {
        querystring: templateQuerySchema,
        response: {
          200: {
            description: 'Vorlage',
            content: {
              [mediaTypeOf(CONTENT_TYPES.csv)]: { schema: z.string() },
              [mediaTypeOf(CONTENT_TYPES.xlsx)]: { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      // A supplier's template names its own creditor; an admin's leaves the column for any.
      const scope = bookingScope(request.user);
      const options = { creditorNumber: scope.allCreditors ? null : scope.creditorNumber };
      if (format === 'csv') {
        return sendFile(reply, FILE_NAMES.templateCsv, CONTENT_TYPES.csv, buildCsvTemplate(options));
      }
      return sendFile(reply, FILE_NAMES.templateXlsx, CONTENT_TYPES.xlsx, await buildXlsxTemplate(options));
    },
  );
}

function logProcessed(
  request: FastifyRequest,
  result: { count: number; errors: unknown[]; warnings: unknown[] },
  started: number,
  size: number,
) {
  request.log.info(
    {
      size,
      stored: result.count,
      errors: result.errors.length,
      warnings: result.warnings.length,
      ms: Math.round(performance.now() - started),
    },
    'upload processed',
  );
}

function refuse(reply: FastifyReply, admission: Admission & { admitted: false }) {
  const message =
    admission.reason === 'user-limit'
      ? UPLOAD_MESSAGES.tooManyUploadsOfUser(UPLOADS_PER_USER)
      : UPLOAD_MESSAGES.tooManyUploads;
  return reply
    .status(429)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send(errorBody('TOO_MANY_REQUESTS', message));
}

/** The one file under uploads[] and its name; the multipart limit cuts it at UPLOAD_MAX_BYTES. */
async function receiveOneFile(
  request: FastifyRequest,
  idleTimeoutMs: number,
): Promise<{ file: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw AppError.badRequest(UPLOAD_MESSAGES.noFile);
  const declared = Number(request.headers['content-length']);
  if (declared > UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge();
  let file: Buffer | undefined;
  let fileName = '';
  // Only while the body arrives: the import after it may keep the connection quiet for longer. (A
  // request injected in process has no real socket, and nothing to wait for.)
  const socket = typeof request.socket?.setTimeout === 'function' ? request.socket : undefined;
  let stalled = false;
  const stopWatching = socket
    ? watchIdleSocket(socket, idleTimeoutMs, () => {
        stalled = true;
        socket.destroy();
      })
    : undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== UPLOAD_FIELD_NAME && part.fieldname !== 'uploads') {
        part.file.resume(); // another field's file: discarded
        continue;
      }
      if (file) throw AppError.badRequest(UPLOAD_MESSAGES.tooManyFiles);
      file = await part.toBuffer();
      fileName = uploadFileName(part.filename);
    }
  } catch (error) {
    if (stalled) {
      request.log.info({ idleMs: idleTimeoutMs }, 'upload ended: its body stopped arriving');
      throw AppError.of('REQUEST_TIMEOUT', MESSAGES.requestTimedOut);
    }
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (code === 'FST_FILES_LIMIT') throw AppError.badRequest(UPLOAD_MESSAGES.tooManyFiles);
    request.log.info({ code }, 'malformed multipart upload');
    throw AppError.badRequest(); // cut or malformed multipart body
  } finally {
    stopWatching?.();
  }
  if (!file) throw AppError.badRequest(UPLOAD_MESSAGES.noFile);
  return { file, fileName };
}
