// Booking rules that need no database, shared by the forms and the server: the structural wire
// schema, the field rules of decisions.md section 4 (required, dates, lengths, amounts, reserved
// numbers) and the form schemas of manual entry, booking edit and empty report. Master data,
// duplicates and empty-report collisions are checked by the server (booking-validation.ts).
import { z } from 'zod';
import {
  BUSINESS_NUMBER_MAX,
  INVOICE_DATE_MIN_ISO,
  INVOICE_NUMBER_MAX_LENGTH,
  NET_MAX_ABS,
  TEXT_MAX_LENGTH,
} from './limits';
import {
  EMPTY_REPORT_ARTICLE_NUMBER,
  EMPTY_REPORT_DEBITOR_NUMBER,
  EMPTY_REPORT_DELIVERY_LOCATION,
  EMPTY_REPORT_NAME,
} from './reserved-records';
import { dateInputProblem, monthInputProblem } from './date-input';
import { formatDate, isoDayToWire, parseCalendarDate, parseMonth, todayIsoDay } from './dates';
import type { PagedResult, Booking, BookingInput } from './entities';
import { BOOKING_LABELS } from './labels';
import { BOOKING_MESSAGES, MESSAGES, type ValidationMessage } from './messages';
import { decimalPlaces, formatAmount, parseAmount } from './numbers';
import { containsForbiddenCharacter, invoiceNumberText, textLength, trimText, wireText } from './text.schema';

/**
 * A booking after parsing, before the rules: what a form, the API or a file row holds. Numbers are
 * business numbers; null means missing or unreadable (raw* then keep what the user typed).
 */
export interface BookingCandidate {
  /** 'YYYY-MM-DD' */
  invoiceDate: string | null;
  invoiceNumber: string;
  /** Canonical decimal string from parseAmount. */
  net: string | null;
  debitorNumber: number | null;
  deliveryLocation: string;
  articleNumber: number | null;
  additionalInformation: string | null;
  creditorNumber: number | null;
  /**
   * The body named no creditor on purpose (null, zero or negative), as opposed to leaving the field
   * out: that is an error for a supplier too, never its own creditor (issue 56).
   */
  creditorSentEmpty?: boolean;
  rawInvoiceDate?: string;
  rawNet?: string;
}

/** The form fields a message can point at; their German labels are BOOKING_LABELS[field]. */
export type BookingField =
  | 'invoiceDate'
  | 'invoiceNumber'
  | 'net'
  | 'debitorId'
  | 'deliveryLocation'
  | 'articleId'
  | 'additionalInformation'
  | 'creditorId'
  | 'month';

/** Form order of the fields: messages are listed in it. */
export const BOOKING_FIELD_ORDER: readonly BookingField[] = [
  'month',
  'invoiceDate',
  'invoiceNumber',
  'net',
  'debitorId',
  'deliveryLocation',
  'articleId',
  'additionalInformation',
  'creditorId',
];

export interface BookingFieldIssue {
  field: BookingField;
  message: string;
}

/** A message of a booking field as the API answers it: property = the German label. */
export function bookingMessage(field: BookingField, message: string): ValidationMessage {
  return { property: BOOKING_LABELS[field], message };
}

/** An empty report (Leermeldung) is recognised by the reserved article and debitor together. */
export function isEmptyReport(articleNumber: number | null, debitorNumber: number | null): boolean {
  return articleNumber === EMPTY_REPORT_ARTICLE_NUMBER && debitorNumber === EMPTY_REPORT_DEBITOR_NUMBER;
}

/** 'YYYY-MM-DD' → the first day of its month. */
export function firstDayOfMonth(isoDay: string): string {
  return `${isoDay.slice(0, 7)}-01`;
}

/** 'YYYY-MM-DD' → 'MM.yyyy' as the empty-report month is shown. */
export function formatMonth(isoDay: string): string {
  return `${isoDay.slice(5, 7)}.${isoDay.slice(0, 4)}`;
}

/** The fixed values of an empty report of the month of `isoDay` (spec section 9). */
export function emptyReportCandidate(isoDay: string | null, creditorNumber: number | null): BookingCandidate {
  return {
    invoiceDate: isoDay === null ? null : firstDayOfMonth(isoDay),
    invoiceNumber: EMPTY_REPORT_NAME,
    net: '0',
    debitorNumber: EMPTY_REPORT_DEBITOR_NUMBER,
    deliveryLocation: EMPTY_REPORT_DELIVERY_LOCATION,
    articleNumber: EMPTY_REPORT_ARTICLE_NUMBER,
    additionalInformation: null,
    creditorNumber,
  };
}

/**
 * The rules of one booking that need no database (decisions.md section 4). `today` is Germany's
 * calendar day ('YYYY-MM-DD'). With `emptyReport` only the month and the creditor are checked:
 * the other values are fixed.
 */
export function checkBookingFields(
  c: BookingCandidate,
  { today, emptyReport = false }: { today: string; emptyReport?: boolean },
): BookingFieldIssue[] {
  const issues: BookingFieldIssue[] = [];
  const add = (field: BookingField, message: string) => issues.push({ field, message });

  const dateField: BookingField = emptyReport ? 'month' : 'invoiceDate';
  if (c.invoiceDate === null) {
    const typed = c.rawInvoiceDate?.trim();
    const problem = typed ? (emptyReport ? monthInputProblem(typed) : dateInputProblem(typed)) : null;
    add(
      dateField,
      typed ? (problem ?? (emptyReport ? MESSAGES.invalidMonth : MESSAGES.invalidDate)) : MESSAGES.required,
    );
  } else if (c.invoiceDate < INVOICE_DATE_MIN_ISO) {
    add(
      dateField,
      emptyReport
        ? BOOKING_MESSAGES.monthTooEarly(formatMonth(INVOICE_DATE_MIN_ISO))
        : BOOKING_MESSAGES.invoiceDateTooEarly(formatDate(INVOICE_DATE_MIN_ISO)),
    );
  } else if (c.invoiceDate > today) {
    add(dateField, emptyReport ? BOOKING_MESSAGES.monthInFuture : BOOKING_MESSAGES.invoiceDateInFuture);
  }
  if (emptyReport) {
    if (c.creditorNumber === null) add('creditorId', MESSAGES.required);
    return issues;
  }

  if (c.invoiceNumber.trim() === '') add('invoiceNumber', MESSAGES.required);
  else if (containsForbiddenCharacter(c.invoiceNumber)) add('invoiceNumber', MESSAGES.forbiddenCharacter);
  else if (textLength(c.invoiceNumber) > INVOICE_NUMBER_MAX_LENGTH) {
    add('invoiceNumber', MESSAGES.maxLength(INVOICE_NUMBER_MAX_LENGTH));
  }

  if (c.net === null) add('net', c.rawNet?.trim() ? MESSAGES.notANumber : MESSAGES.required);
  else if (decimalPlaces(c.net) > 2) add('net', BOOKING_MESSAGES.netTooManyDecimals);
  else if (Number(c.net) === 0) add('net', BOOKING_MESSAGES.netZero);
  else if (Math.abs(Number(c.net)) > NET_MAX_ABS)
    add('net', BOOKING_MESSAGES.netTooLarge(formatAmount(NET_MAX_ABS)));

  if (c.debitorNumber === null) add('debitorId', MESSAGES.required);
  else if (c.debitorNumber === EMPTY_REPORT_DEBITOR_NUMBER) {
    add('debitorId', BOOKING_MESSAGES.debitorReserved(c.debitorNumber));
  }

  if (c.deliveryLocation.trim() === '') add('deliveryLocation', MESSAGES.required);
  else if (containsForbiddenCharacter(c.deliveryLocation))
    add('deliveryLocation', MESSAGES.forbiddenCharacter);
  else if (textLength(c.deliveryLocation) > TEXT_MAX_LENGTH)
    add('deliveryLocation', MESSAGES.maxLength(TEXT_MAX_LENGTH));

  if (c.articleNumber === null) add('articleId', MESSAGES.required);
  else if (c.articleNumber === EMPTY_REPORT_ARTICLE_NUMBER) {
    add('articleId', BOOKING_MESSAGES.articleReserved(c.articleNumber));
  }

  if (containsForbiddenCharacter(c.additionalInformation ?? ''))
    add('additionalInformation', MESSAGES.forbiddenCharacter);
  else if (textLength(c.additionalInformation ?? '') > TEXT_MAX_LENGTH) {
    add('additionalInformation', MESSAGES.maxLength(TEXT_MAX_LENGTH));
  }
  if (c.creditorNumber === null) add('creditorId', MESSAGES.required);
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Wire: the body of POST/PUT /api/transactions. Only types are checked here (a mismatch is a
// malformed request, 400); missing values are business errors answered with 200 lists.

/**
 * A business number as a select sends it; zero or negative (the unset value -1) counts as missing
 * (null). A field left out stays undefined: for the creditor that means "my own" (effectiveCreditorNumber).
 */
const invalid = { error: BOOKING_MESSAGES.invalidValue };
const businessNumberInput = z
  .number(invalid)
  .int(invalid)
  .max(BUSINESS_NUMBER_MAX, invalid)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v === null || v <= 0 ? null : v));

/** Structural schema of a booking body. Unknown fields (id, exportDate, …) are dropped. */
export const bookingInputSchema = z.object(
  {
    invoiceDate: wireText(BOOKING_MESSAGES.invalidValue).nullish(),
    invoiceNumber: wireText(BOOKING_MESSAGES.invalidValue).nullish(),
    net: z.union([z.number(), wireText(BOOKING_MESSAGES.invalidValue)], invalid).nullish(),
    debitorId: businessNumberInput,
    deliveryLocation: wireText(BOOKING_MESSAGES.invalidValue).nullish(),
    articleId: businessNumberInput,
    additionalInformation: wireText(BOOKING_MESSAGES.invalidValue).nullish(),
    creditorId: businessNumberInput,
    version: z.number(invalid).int(invalid).positive(invalid).optional(),
  },
  { error: MESSAGES.malformedRequest },
);
export type BookingInputBody = z.output<typeof bookingInputSchema>;

/** Parses what the client typed: trimmed texts, ISO or dd.MM.yyyy dates, German or plain amounts. */
export function toBookingCandidate(input: {
  invoiceDate?: string | null;
  invoiceNumber?: string | null;
  net?: number | string | null;
  debitorId?: number | null;
  deliveryLocation?: string | null;
  articleId?: number | null;
  additionalInformation?: string | null;
  creditorId?: number | null;
}): BookingCandidate {
  const rawInvoiceDate = input.invoiceDate ?? '';
  const rawNet = input.net === null || input.net === undefined ? '' : String(input.net);
  const additionalInformation = trimText(input.additionalInformation ?? '');
  return {
    invoiceDate: rawInvoiceDate.trim() === '' ? null : parseCalendarDate(rawInvoiceDate),
    invoiceNumber: invoiceNumberText(input.invoiceNumber ?? ''),
    net: rawNet.trim() === '' ? null : parseAmount(input.net as number | string),
    debitorNumber: input.debitorId ?? null,
    deliveryLocation: trimText(input.deliveryLocation ?? ''),
    articleNumber: input.articleId ?? null,
    additionalInformation: additionalInformation === '' ? null : additionalInformation,
    creditorNumber: input.creditorId ?? null,
    ...(input.creditorId === null ? { creditorSentEmpty: true } : {}),
    rawInvoiceDate,
    rawNet,
  };
}

/** A candidate as the wire body the API takes (calendar date at UTC midnight, exact amount). */
export function toBookingInput(c: BookingCandidate): BookingInput {
  return {
    invoiceDate: c.invoiceDate === null ? null : isoDayToWire(c.invoiceDate),
    invoiceNumber: c.invoiceNumber,
    net: c.net,
    debitorId: c.debitorNumber,
    deliveryLocation: c.deliveryLocation,
    articleId: c.articleNumber,
    additionalInformation: c.additionalInformation,
    creditorId: c.creditorNumber,
  };
}

// ---------------------------------------------------------------------------------------------
// Forms (react-hook-form + zodResolver). Each schema checks the same rules as the server and
// outputs the body to send.

const formNumber = z.number().int().nullable();

/** Manual entry and booking edit. Output: the body of POST/PUT /api/transactions. */
export const bookingFormSchema = z
  .object({
    /** Typed as dd.MM.yyyy (the mask) or ISO. */
    invoiceDate: z.string(),
    invoiceNumber: z.string(),
    /** '1.234,56', '1234.56' or a number input's value. */
    net: z.union([z.string(), z.number()]).nullable(),
    debitorId: formNumber,
    deliveryLocation: z.string(),
    articleId: formNumber,
    additionalInformation: z.string().nullish(),
    creditorId: formNumber,
    /** Booking edit: the version loaded, sent back for the concurrency check. */
    version: z.number().int().positive().optional(),
  })
  .superRefine((values, ctx) => {
    for (const issue of checkBookingFields(toBookingCandidate(values), { today: todayIsoDay() })) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  })
  .transform((values): BookingInput => {
    const body = toBookingInput(toBookingCandidate(values));
    return values.version === undefined ? body : { ...body, version: values.version };
  });
export type BookingFormValues = z.input<typeof bookingFormSchema>;

/** Empty report tab: month (MM.yyyy) and creditor. Output: the body of POST /api/transactions. */
export const emptyReportFormSchema = z
  .object({ month: z.string(), creditorId: formNumber })
  .superRefine((values, ctx) => {
    const candidate = emptyReportCandidate(parseMonth(values.month), values.creditorId);
    candidate.rawInvoiceDate = values.month;
    for (const issue of checkBookingFields(candidate, { today: todayIsoDay(), emptyReport: true })) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  })
  .transform((values): BookingInput =>
    toBookingInput(emptyReportCandidate(parseMonth(values.month), values.creditorId)),
  );
export type EmptyReportFormValues = z.input<typeof emptyReportFormSchema>;

// ---------------------------------------------------------------------------------------------
// Bookings list.

/** GET /api/transactions answers a page plus the net sum over the whole filter (not the page). */
export interface BookingPage extends PagedResult<Booking> {
  netSum: number;
}
