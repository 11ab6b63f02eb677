// The one schema of numeric path parameters: row ids (/api/transactions/:id, /api/users/:id) and
// business numbers (/api/articles/:number, …). Not digits: a malformed request (400). Digits that no
// record can have (0, beyond the column's integer range): not found (404), exactly like a missing
// record, so that /api/transactions/0 and /api/users/0 answer alike. The 404 is raised by the error
// handler, which recognises the issue by NOT_FOUND_PARAM.
import { z } from 'zod';
import { BUSINESS_NUMBER_MAX, ID_MAX } from '@lp/domain/limits';
import { MESSAGES } from '@lp/domain/messages';

/** Marks the zod issue of a path number that no record can have. */
export const NOT_FOUND_PARAM = 'notFound';

/** More digits than any stored integer has (2147483647): not found without converting. */
const MAX_DIGITS = String(ID_MAX).length;

function pathNumber(max: number) {
  return z
    .string({ error: MESSAGES.malformedRequest })
    .regex(/^\d+$/, { error: MESSAGES.malformedRequest })
    .transform((text, ctx) => {
      const value = text.length > MAX_DIGITS ? Infinity : Number(text);
      if (value < 1 || value > max) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.notFound, params: { [NOT_FOUND_PARAM]: true } });
        return z.NEVER;
      }
      return value;
    });
}

const malformed = { error: MESSAGES.malformedRequest };

/** `:id` of users and bookings (serial columns). */
export const idParamsSchema = z.object({ id: pathNumber(ID_MAX) }, malformed);

/** `:number` of articles, creditors and debitors (business numbers). */
export const numberParamsSchema = z.object({ number: pathNumber(BUSINESS_NUMBER_MAX) }, malformed);
