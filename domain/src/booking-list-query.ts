// The bookings list's query, written once: page, sorting, search, invoice-date range, export status
// and the article, creditor, debitor and export-batch filters. The server reads GET /api/transactions (and its
// export) with these schemas and answers a bad value with a German 400; the web reads and writes its
// page URL with them, where a bad value falls back to its default. The parameter names are those of
// the wire (product-spec section 7) in code too: `article`, `exportedOnly`, … .
import { z } from 'zod';
import { parseCalendarDate } from './dates';
import { BUSINESS_NUMBER_MAX, SEARCH_MAX_LENGTH } from './limits';
import { BOOKING_MESSAGES, MASTER_DATA_MESSAGES, MESSAGES } from './messages';

export const SORT_KEYS = [
  'invoice_date',
  'invoice_number',
  'debitor_number',
  'debitor_name',
  'location',
  'article_name',
  'net',
  'creditor_number',
  'creditor_name',
  'export_date',
  'creation_date',
  'creation_email_address',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DESCENDING_SUFFIX = '_desc';
export const DEFAULT_SORTING = 'creation_date_desc';
/** The spec's unset value of the id filters (article, creditor, debitor); every id <= 0 means unset. */
export const UNSET_ID = -1;

export interface Sorting {
  key: SortKey;
  descending: boolean;
}

/** 'net_desc' → { key: 'net', descending: true }; unknown keys → null. */
export function parseSorting(value: string): Sorting | null {
  const descending = value.endsWith(DESCENDING_SUFFIX);
  const key = descending ? value.slice(0, -DESCENDING_SUFFIX.length) : value;
  return (SORT_KEYS as readonly string[]).includes(key) ? { key: key as SortKey, descending } : null;
}

/** The inverse of parseSorting, as the list sends it. */
export function formatSorting({ key, descending }: Sorting): string {
  return descending ? `${key}${DESCENDING_SUFFIX}` : key;
}

// Every parameter arrives as a string or not at all; empty strings count as "not set".
const invalid = { error: BOOKING_MESSAGES.invalidValue };

/** A status box: 'true' ticks it. */
const flag = z
  .enum(['true', 'false', ''], invalid)
  .optional()
  .transform((v) => v === 'true');

/**
 * Only numbers above 0 filter (the spec's -1 is the unset value); null = all. A number beyond any
 * record's is refused, not read as unset: a mistyped creditor (70002 typed twice) would otherwise
 * list, and export and mark, every creditor's bookings.
 */
const idFilter = z
  .string(invalid)
  .regex(/^(-?\d{1,10})?$/, invalid)
  .optional()
  .transform((v, ctx) => {
    const n = v ? Number(v) : 0;
    if (n > BUSINESS_NUMBER_MAX) {
      ctx.addIssue({ code: 'custom', message: MASTER_DATA_MESSAGES.numberTooLarge(BUSINESS_NUMBER_MAX) });
      return z.NEVER;
    }
    return n > 0 ? n : null;
  });

/** An invoice-date bound, inclusive: ISO (also at UTC midnight, as the API gets it) or dd.MM.yyyy → 'YYYY-MM-DD'. */
const dayFilter = z
  .string(invalid)
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return null;
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

/** Pages count from 1. */
const page = z
  .string(invalid)
  .regex(/^\d{1,9}$/, invalid)
  .optional()
  .transform((v) => (v ? Number(v) : 1))
  .pipe(z.number().int().min(1, invalid));

/** The filter fields, in the order the page URL lists them. */
const filterFields = {
  searchQuery: z
    .string(invalid)
    .max(SEARCH_MAX_LENGTH, { error: MESSAGES.maxLength(SEARCH_MAX_LENGTH) })
    .optional()
    .transform((v) => v?.trim() ?? ''),
  invoiceDateFrom: dayFilter,
  invoiceDateUntil: dayFilter,
  exportedOnly: flag,
  notExportedOnly: flag,
  article: idFilter,
  debitor: idFilter,
  creditor: idFilter,
  /** The bookings an export batch marked exported (GET /api/exports). */
  exportBatch: idFilter,
};

const malformed = { error: MESSAGES.malformedRequest };

/** The filter and its order: what the export of the filtered list reads. */
export const bookingFilterQuerySchema = z.object({ ...filterFields, sorting }, malformed);

/** GET /api/transactions and the bookings page URL. */
export const bookingListQuerySchema = z.object({ ...filterFields, sorting, page }, malformed);

export type BookingListQuery = z.output<typeof bookingListQuerySchema>;
/** The spec's transaction filter; ids are business numbers, null means all. */
export type BookingListFilter = Omit<BookingListQuery, 'sorting' | 'page'>;

/** The plain list: no filter, newest first, page 1. */
export const DEFAULT_BOOKING_LIST_QUERY: BookingListQuery = bookingListQuerySchema.parse({});
export const EMPTY_BOOKING_FILTER: BookingListFilter = pickFilter(DEFAULT_BOOKING_LIST_QUERY);

export function pickFilter({
  sorting: _sorting,
  page: _page,
  ...filter
}: BookingListQuery): BookingListFilter {
  return filter;
}

/**
 * The export state the two status boxes restrict the list to. One box alone keeps its state; both
 * ticked mean both states, that is no restriction, like none ticked.
 */
export function exportStatusRestriction(
  filter: Pick<BookingListFilter, 'exportedOnly' | 'notExportedOnly'>,
): 'exported' | 'notExported' | null {
  if (filter.exportedOnly === filter.notExportedOnly) return null;
  return filter.exportedOnly ? 'exported' : 'notExported';
}

type QueryKey = keyof BookingListQuery;
/** What the reader needs of URLSearchParams (domain/ is typed without the DOM). */
export interface QueryParams {
  get(name: string): string | null;
}
const QUERY_KEYS = Object.keys(bookingListQuerySchema.shape) as QueryKey[];

/**
 * Reads the page URL with the schema of the API, field by field: a value the API would refuse falls
 * back to its default, so a hand-edited or outdated URL still opens the list.
 */
export function readBookingListQuery(params: QueryParams): BookingListQuery {
  const query: Record<string, unknown> = { ...DEFAULT_BOOKING_LIST_QUERY };
  for (const key of QUERY_KEYS) {
    const result = bookingListQuerySchema.shape[key].safeParse(params.get(key) ?? undefined);
    if (result.success) query[key] = result.data;
  }
  return query as BookingListQuery;
}

/**
 * The page URL's parameters of a query (for `new URLSearchParams`), the inverse of
 * readBookingListQuery. Defaults are left out, so the plain list has a plain URL; dates stay
 * 'YYYY-MM-DD' there, readable to the user.
 */
export function writeBookingListQuery(query: BookingListQuery): [string, string][] {
  const params: [string, string][] = [];
  for (const key of QUERY_KEYS) {
    const text = formatValue(key, query);
    if (text !== null && text !== formatValue(key, DEFAULT_BOOKING_LIST_QUERY)) params.push([key, text]);
  }
  return params;
}

function formatValue(key: QueryKey, query: BookingListQuery): string | null {
  const value = query[key];
  if (key === 'sorting') return formatSorting(query.sorting);
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'boolean') return value ? 'true' : null;
  if (typeof value === 'number') return value > 0 ? String(value) : null;
  return null;
}
