// Structural schemas of the bookings routes' query strings, path and delete body. A value of the
// wrong shape is a malformed request (400); empty strings count as "not set", ids <= 0 as well.
import { z } from 'zod';
import { parseSorting } from '@lp/domain/booking-list-query';
import { BUSINESS_NUMBER_MAX, ID_MAX, SEARCH_MAX_LENGTH, SELECTION_MAX } from '@lp/domain/limits';
import { DEFAULT_SORTING } from '@lp/domain/booking-list-query';
import { parseCalendarDate } from '@lp/domain/dates';
import { BOOKING_MESSAGES, MESSAGES } from '@lp/domain/messages';
import type { BookingFilter } from './bookings.filter';

const invalid = { error: BOOKING_MESSAGES.invalidValue };
const tooMany = { error: BOOKING_MESSAGES.tooManySelected(SELECTION_MAX) };

const flag = z
  .enum(['true', 'false', ''], invalid)
  .optional()
  .transform((v) => v === 'true');

/** The article, creditor and debitor filters: only numbers above 0 filter (-1 is the unset value). */
const idFilter = z
  .string(invalid)
  .regex(/^(-?\d{1,10})?$/, invalid)
  .optional()
  .transform((v) => {
    const n = v ? Number(v) : 0;
    return n > 0 && n <= BUSINESS_NUMBER_MAX ? n : undefined;
  });

const dayFilter = z
  .string(invalid)
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return undefined;
    const day = parseCalendarDate(v);
    if (day === null) {
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.invalidFilterDate });
      return z.NEVER;
    }
    return day;
  });

const sorting = z
  .string(invalid)
  .optional()
  .transform((v, ctx) => {
    const parsed = parseSorting(v?.trim() || DEFAULT_SORTING);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.unknownSorting });
      return z.NEVER;
    }
    return parsed;
  });

const filterFields = {
  sorting,
  invoiceDateFrom: dayFilter,
  invoiceDateUntil: dayFilter,
  searchQuery: z.string(invalid).max(SEARCH_MAX_LENGTH, invalid).optional(),
  exportedOnly: flag,
  notExportedOnly: flag,
  article: idFilter,
  creditor: idFilter,
  debitor: idFilter,
};

export const listQuerySchema = z.object(
  {
    ...filterFields,
    page: z
      .string(invalid)
      .regex(/^\d{1,9}$/, invalid)
      .optional()
      .transform((v) => (v ? Number(v) : 1))
      .pipe(z.number().int().min(1, invalid)),
  },
  { error: MESSAGES.malformedRequest },
);

const csvFormat = z.literal('csv', { error: BOOKING_MESSAGES.unsupportedExportFormat });

export const exportQuerySchema = z.object(
  { ...filterFields, format: csvFormat },
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
    format: csvFormat,
    sorting,
    // ?items=1&items=2 arrives as an array, a single ?items=1 as a string.
    items: z
      .union([idText, z.array(idText).min(1, invalid).max(SELECTION_MAX, tooMany)], invalid)
      .transform((v) => (Array.isArray(v) ? v : [v])),
  },
  { error: MESSAGES.malformedRequest },
);

export const saveQuerySchema = z.object(
  {
    checkForDuplicates: z
      .enum(['true', 'false'], invalid)
      .optional()
      .transform((v) => v !== 'false'),
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

export function toBookingFilter(
  query: z.output<typeof listQuerySchema> | z.output<typeof exportQuerySchema>,
): BookingFilter {
  return {
    invoiceDateFrom: query.invoiceDateFrom,
    invoiceDateUntil: query.invoiceDateUntil,
    searchQuery: query.searchQuery,
    exportedOnly: query.exportedOnly,
    notExportedOnly: query.notExportedOnly,
    articleNumber: query.article,
    creditorNumber: query.creditor,
    debitorNumber: query.debitor,
  };
}
