// Zod schemas of the API's answers, for the route declarations and the OpenAPI document. The wire
// types stay the interfaces of domain/src/entities.ts; each schema here is checked against its
// interface at compile time (Exact below), so the two cannot drift apart. In the API tests every
// JSON answer is also checked against its route's schema (see zod-schemas.ts).
import { z } from 'zod';
import type {
  Article,
  Booking,
  BookingSaveResult,
  Creditor,
  Debitor,
  ExportBatch,
  MasterDataSaveResult,
  UploadBatch,
  User,
} from '@lp/domain/entities';
import { ERROR_CODE_NAMES } from '@lp/domain/error-codes';
import { AUDIT_ACTIONS, type AuditEntry } from '@lp/domain/audit';
import type { BookingPage } from '@lp/domain/booking.schema';
import { REPORTING_STATES, type ReportingStatus } from '@lp/domain/reporting-status';
import type { ValidationMessage } from '@lp/domain/messages';
import type { UploadResult } from '@lp/domain/upload-columns';

/** Compiles only when a schema's output is exactly the wire interface. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exact = <A, B>(ok: Exact<A, B>) => ok;

export const validationMessageSchema = z
  .object({ property: z.string(), message: z.string(), rowNumber: z.number().int().optional() })
  .meta({ id: 'ValidationMessage' });

/** Every refusal: a machine code (domain/src/error-codes.ts) and German messages. */
export const errorResponseSchema = z
  .object({
    code: z.enum(ERROR_CODE_NAMES).meta({ description: 'Stable machine code; clients branch on it' }),
    errors: z.array(validationMessageSchema),
  })
  .meta({ id: 'ErrorResponse', description: 'Abgelehnte Anfrage: Code und deutsche Meldungen' });

export const userResponseSchema = z
  .object({
    id: z.number().int(),
    emailAddress: z.string(),
    isAdmin: z.boolean(),
    isActive: z.boolean(),
    creditorNumber: z.number().int().nullable(),
  })
  .meta({ id: 'User' });

export const articleResponseSchema = z
  .object({ id: z.number().int(), number: z.number().int(), name: z.string(), isActive: z.boolean() })
  .meta({ id: 'Article' });

export const creditorResponseSchema = z
  .object({
    id: z.number().int(),
    number: z.number().int(),
    name: z.string(),
    isActive: z.boolean(),
    lastTransactionCreationDate: z.string().nullable(),
  })
  .meta({ id: 'Creditor' });

export const debitorResponseSchema = z
  .object({
    id: z.number().int(),
    number: z.number().int(),
    name: z.string(),
    street: z.string(),
    zipCode: z.string(),
    city: z.string(),
    isActive: z.boolean(),
  })
  .meta({ id: 'Debitor' });

const numberAndName = z.object({ number: z.number().int(), name: z.string() });

export const bookingResponseSchema = z
  .object({
    id: z.number().int(),
    invoiceDate: z.string(),
    invoiceNumber: z.string(),
    net: z.number(),
    debitorId: z.number().int(),
    deliveryLocation: z.string(),
    articleId: z.number().int(),
    additionalInformation: z.string().nullable(),
    creditorId: z.number().int(),
    debitor: numberAndName,
    article: numberAndName,
    creditor: numberAndName,
    exportDate: z.string().nullable(),
    creationDate: z.string(),
    creationUserEmailAddress: z.string(),
    version: z.number().int(),
    uploadBatchId: z.number().int().nullable(),
  })
  .meta({ id: 'Booking' });

export const bookingPageResponseSchema = z
  .object({ items: z.array(bookingResponseSchema), total: z.number().int(), netSum: z.number() })
  .meta({ id: 'BookingPage' });

export const exportBatchResponseSchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    createdBy: z.string(),
    count: z.number().int(),
    netSum: z.number(),
    fileName: z.string(),
  })
  .meta({ id: 'ExportBatch' });

export const uploadBatchResponseSchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    createdBy: z.string(),
    fileName: z.string(),
    count: z.number().int(),
    netSum: z.number(),
    creditorNumber: z.number().int().nullable(),
    creditorName: z.string().nullable(),
    exported: z.boolean(),
  })
  .meta({ id: 'UploadBatch' });

export const masterDataSaveResultSchema = z
  .object({ id: z.number().int().nullable(), errors: z.array(validationMessageSchema) })
  .meta({ id: 'MasterDataSaveResult' });

export const bookingSaveResultSchema = z
  .object({
    id: z.number().int().optional(),
    errors: z.array(validationMessageSchema),
    warnings: z.array(validationMessageSchema),
  })
  .meta({ id: 'BookingSaveResult' });

export const uploadResultSchema = z
  .object({
    errors: z.array(validationMessageSchema),
    warnings: z.array(validationMessageSchema),
    count: z.number().int(),
  })
  .meta({ id: 'UploadResult' });

/** POST /api/upload/sheet: a file's rows as text for the editable table (issue 55). */
export const uploadSheetSchema = z
  .object({
    headers: z.array(z.string()),
    rows: z.array(z.object({ rowNumber: z.number().int(), values: z.record(z.string(), z.string()) })),
    columnMapping: z.record(z.string(), z.string()).nullable(),
  })
  .meta({ id: 'UploadSheet' });

const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** GET /api/audit: a record's history, newest first (decisions.md section 11). */
export const auditEntriesResponseSchema = z
  .array(
    z
      .object({
        at: z.string(),
        userEmailAddress: z.string(),
        action: z.enum(AUDIT_ACTIONS),
        changes: z.record(
          z.string(),
          z.union([
            z.object({ old: auditValueSchema, new: auditValueSchema }),
            z.object({ changed: z.literal(true) }),
          ]),
        ),
      })
      .meta({ id: 'AuditEntry' }),
  )
  .meta({ description: 'Änderungsverlauf, neueste zuerst' });

/** GET /api/reporting-status (decisions.md section 10). */
export const reportingStatusResponseSchema = z
  .object({
    months: z.array(z.string().meta({ example: '2025-01' })),
    creditors: z.array(
      z
        .object({
          number: z.number().int(),
          name: z.string(),
          isActive: z.boolean(),
          lastTransactionCreationDate: z.string().nullable(),
          months: z.array(
            z.object({
              month: z.string(),
              state: z.enum(REPORTING_STATES),
              count: z.number().int(),
              net: z.number(),
            }),
          ),
        })
        .meta({ id: 'CreditorReportingStatus' }),
    ),
  })
  .meta({ id: 'ReportingStatus' });

/** A validation list of a save that stored nothing or everything (PUT /api/users/:id). */
export const validationMessagesSchema = z.array(validationMessageSchema);

/** 204: no body. */
export const noContentSchema = z.null().meta({ description: 'No content' });

/** 'text/csv; charset=utf-8' → 'text/csv': the media type a response's content is keyed by. */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0] ?? contentType;
}

/** A file download: the body is the file itself. */
export function fileResponse(contentType: string, description: string) {
  return { description, content: { [mediaTypeOf(contentType)]: { schema: z.string() } } };
}

// The compile-time ties to the wire interfaces.
exact<z.output<typeof validationMessageSchema>, ValidationMessage>(true);
exact<z.output<typeof userResponseSchema>, User>(true);
exact<z.output<typeof articleResponseSchema>, Article>(true);
exact<z.output<typeof creditorResponseSchema>, Creditor>(true);
exact<z.output<typeof debitorResponseSchema>, Debitor>(true);
exact<z.output<typeof bookingResponseSchema>, Booking>(true);
exact<z.output<typeof exportBatchResponseSchema>, ExportBatch>(true);
exact<z.output<typeof uploadBatchResponseSchema>, UploadBatch>(true);
exact<z.output<typeof bookingPageResponseSchema>, BookingPage>(true);
exact<z.output<typeof masterDataSaveResultSchema>, MasterDataSaveResult>(true);
exact<z.output<typeof bookingSaveResultSchema>, BookingSaveResult>(true);
exact<z.output<typeof reportingStatusResponseSchema>, ReportingStatus>(true);
exact<z.output<typeof uploadResultSchema>, UploadResult>(true);
exact<z.output<typeof auditEntriesResponseSchema>, AuditEntry[]>(true);
