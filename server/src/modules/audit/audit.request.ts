// GET /api/audit?entity=…&id=…: which record's history. A kind the trail does not know or an id that
// is not a positive integer is a German 400.
import { z } from 'zod';
import { AUDIT_ENTITY_WIRE_VALUES, auditEntityFromWire } from '@lp/domain/audit';
import { ID_MAX } from '@lp/domain/limits';
import { AUDIT_MESSAGES, MESSAGES } from '@lp/domain/messages';

const invalidId = { error: AUDIT_MESSAGES.invalidId };

export const auditQuerySchema = z.object(
  {
    /** The wire's word (`transaction` for a booking), read as the code's `AuditEntity`. */
    entity: z
      .enum(AUDIT_ENTITY_WIRE_VALUES, { error: AUDIT_MESSAGES.unknownEntity })
      .transform(auditEntityFromWire),
    /** Booking or user id, or an article's, creditor's or debitor's business number. */
    id: z
      .string(invalidId)
      .regex(/^\d{1,10}$/, invalidId)
      .transform(Number)
      .pipe(z.number().int().positive(invalidId).max(ID_MAX, invalidId)),
  },
  { error: MESSAGES.malformedRequest },
);
