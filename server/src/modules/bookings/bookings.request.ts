// Structural schemas of the bookings routes' query strings, path and delete body. A value of the
// wrong shape is a malformed request (400); empty strings count as "not set", ids <= 0 as well.
import { z } from 'zod';
import { bookingFilterQuerySchema, bookingListQuerySchema } from '@lp/domain/booking-list-query';
import { ID_MAX, SELECTION_MAX } from '@lp/domain/limits';
import { BOOKING_MESSAGES, MESSAGES } from '@lp/domain/messages';

const invalid = { error: BOOKING_MESSAGES.invalidValue };
const tooMany = { error: BOOKING_MESSAGES.tooManySelected(SELECTION_MAX) };

/** GET /api/transactions: the list query of domain/, shared with the web's page URL. */
export const listQuerySchema = bookingListQuerySchema;

const exportFormat = z.enum(['csv', 'xlsx'], { error: BOOKING_MESSAGES.unsupportedExportFormat });

/** GET /api/transactions/export: the list's filter and order, as a file. */
export const exportQuerySchema = z.object(
  { ...bookingFilterQuerySchema.shape, format: exportFormat },
  { error: MESSAGES.malformedRequest },
);

const bookingId = z.number(invalid).int(invalid).positive(invalid).max(ID_MAX, invalid);
const idText = z
  .string(invalid)
  .regex(/^\d{1,10}$/, invalid)
  .transform(Number)
  .pipe(bookingId);

export const exportSelectedQuerySchema = z.object(
  {
    format: exportFormat,
    sorting: bookingFilterQuerySchema.shape.sorting,
    // ?items=1&items=2 arrives as an array, a single ?items=1 as a string. The count is checked after
    // the union, which answers only its own message for a branch that fails (the URL's length bounds
    // how many arrive: about 1,500).
    items: z
      .union([idText, z.array(idText).min(1, invalid)], invalid)
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .pipe(z.array(z.number()).max(SELECTION_MAX, tooMany)),
  },
  { error: MESSAGES.malformedRequest },
);

export const saveQuerySchema = z.object(
  {
    checkForDuplicates: z
      .enum(['true', 'false'], invalid)
      .optional()
      .transform((v) => v !== 'false'),
    /**
     * true: check only, store nothing; the answer lists the errors and warnings the save would give
     * (the form checks again while warnings are shown and the user edits, issue 12 item 8).
     */
    dryRun: z
      .enum(['true', 'false'], invalid)
      .optional()
      .transform((v) => v === 'true')
      .meta({ description: 'true: nur prüfen, nichts speichern (Antwort: errors und warnings)' }),
  },
  { error: MESSAGES.malformedRequest },
);

/**
 * POST /api/transactions/delete: ids, or bookings (objects with an id). The length is checked before
 * any item (preprocess stops the pipe): a huge array costs one comparison, not an issue per item.
 */
export const deleteBodySchema = z
  .preprocess(
    (value, ctx) => {
      if (Array.isArray(value) && value.length > SELECTION_MAX) {
        ctx.addIssue({ code: 'custom', message: tooMany.error });
        return z.NEVER;
      }
      return value;
    },
    z
      .array(z.union([bookingId, z.object({ id: bookingId })], invalid), invalid)
      .min(1, BOOKING_MESSAGES.deleteNothingSelected)
      .max(SELECTION_MAX, tooMany),
  )
  .transform((items) => items.map((item) => (typeof item === 'number' ? item : item.id)));
