// The server's rules for bookings (decisions.md section 4), for a single save and a whole upload
// alike: the field rules of the domain, master data, the supplier's own creditor, empty reports and
// possible duplicates. A batch costs a constant number of statements, whatever its size.
import {
  BOOKING_FIELD_ORDER,
  bookingMessage,
  checkBookingFields,
  firstDayOfMonth,
  formatMonth,
  isEmptyReport,
  type BookingCandidate,
  type BookingField,
} from '@lp/domain/booking.schema';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import { formatDate, todayIsoDay } from '@lp/domain/dates';
import { BOOKING_MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import type { DbOrTx } from '../../db/connection';
import type { SessionUser } from '../auth/session-user';
import {
  findDuplicates,
  findMasterDataStates,
  findMonthStats,
  monthKey,
  type DuplicateKey,
  type MonthStats,
  type NewBookingRow,
} from './bookings.repository';

export type { BookingCandidate } from '@lp/domain/booking.schema';

export interface ValidateBookingsOptions {
  /** Warnings (possible duplicates, empty-report collisions) are looked for only when true. */
  checkForDuplicates: boolean;
  /** The booking being updated: it is no duplicate of itself. */
  excludeId?: number;
  user: SessionUser;
  /**
   * Single saves: a candidate with article 999 and debitor 999999 is an empty report (its fixed
   * values already set, see emptyReportCandidate). Otherwise (uploads) the reserved numbers are errors.
   */
  allowEmptyReports?: boolean;
  /** How messages name other candidates (the file's row numbers); default index + 1. */
  rowNumbers?: readonly number[];
  /** Germany's calendar day 'YYYY-MM-DD'; default today. */
  today?: string;
}

export interface BookingValidation {
  /** One list per candidate, in candidate order. */
  errors: ValidationMessage[][];
  warnings: ValidationMessage[][];
}

/** A supplier books for its own creditor: a missing creditor means its own. */
export function effectiveCreditorNumber(candidate: BookingCandidate, user: SessionUser): number | null {
  if (candidate.creditorNumber !== null) return candidate.creditorNumber;
  return user.isAdmin ? null : user.creditorNumber;
}

/** The row to insert for a candidate that passed validateBookings. */
export function toNewBookingRow(candidate: BookingCandidate, user: SessionUser): NewBookingRow {
  const creditorNumber = effectiveCreditorNumber(candidate, user);
  if (
    candidate.invoiceDate === null ||
    candidate.net === null ||
    candidate.debitorNumber === null ||
    candidate.articleNumber === null ||
    creditorNumber === null
  ) {
    throw new Error('toNewBookingRow called with an invalid candidate');
  }
  return {
    invoiceDate: candidate.invoiceDate,
    invoiceNumber: candidate.invoiceNumber,
    net: candidate.net,
    debitorNumber: candidate.debitorNumber,
    deliveryLocation: candidate.deliveryLocation,
    articleNumber: candidate.articleNumber,
    additionalInformation: candidate.additionalInformation,
    creditorNumber,
    creationUserEmailAddress: user.emailAddress,
  };
}

interface Issue {
  field: BookingField;
  message: string;
}

export async function validateBookings(
  db: DbOrTx,
  candidates: readonly BookingCandidate[],
  options: ValidateBookingsOptions,
): Promise<BookingValidation> {
  const { user, checkForDuplicates, excludeId, allowEmptyReports = false } = options;
  const today = options.today ?? todayIsoDay();
  const rowName = (index: number) => options.rowNumbers?.[index] ?? index + 1;
  const errors: Issue[][] = candidates.map(() => []);
  const warnings: Issue[][] = candidates.map(() => []);

  const prepared = candidates.map((candidate, index) => {
    const creditorNumber = effectiveCreditorNumber(candidate, user);
    const emptyReport = allowEmptyReports && isEmptyReport(candidate.articleNumber, candidate.debitorNumber);
    const c = { ...candidate, creditorNumber };
    errors[index]!.push(...checkBookingFields(c, { today, emptyReport }));
    if (
      !user.isAdmin &&
      candidate.creditorNumber !== null &&
      candidate.creditorNumber !== user.creditorNumber
    ) {
      errors[index]!.push({ field: 'creditorId', message: BOOKING_MESSAGES.foreignCreditor });
    }
    const month = c.invoiceDate === null ? null : firstDayOfMonth(c.invoiceDate);
    return { c, emptyReport, month };
  });

  // Master data: loaded once for the whole batch.
  const distinct = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];
  const usesArticle = (p: (typeof prepared)[number]) =>
    p.emptyReport || !isReservedArticle(p.c.articleNumber);
  const usesDebitor = (p: (typeof prepared)[number]) =>
    p.emptyReport || !isReservedDebitor(p.c.debitorNumber);
  const master = await findMasterDataStates(db, {
    articles: distinct(prepared.filter(usesArticle).map((p) => p.c.articleNumber)),
    debitors: distinct(prepared.filter(usesDebitor).map((p) => p.c.debitorNumber)),
    creditors: distinct(prepared.map((p) => p.c.creditorNumber)),
  });
  prepared.forEach((p, index) => {
    const check = (
      field: BookingField,
      number: number | null,
      states: Map<number, boolean>,
      unknown: (n: number) => string,
      inactive: (n: number) => string,
    ) => {
      if (number === null) return;
      const active = states.get(number);
      if (active === undefined) errors[index]!.push({ field, message: unknown(number) });
      else if (!active) errors[index]!.push({ field, message: inactive(number) });
    };
    if (usesDebitor(p)) {
      check(
        'debitorId',
        p.c.debitorNumber,
        master.debitors,
        BOOKING_MESSAGES.debitorUnknown,
        BOOKING_MESSAGES.debitorInactive,
      );
    }
    if (usesArticle(p)) {
      check(
        'articleId',
        p.c.articleNumber,
        master.articles,
        BOOKING_MESSAGES.articleUnknown,
        BOOKING_MESSAGES.articleInactive,
      );
    }
    check(
      'creditorId',
      p.c.creditorNumber,
      master.creditors,
      BOOKING_MESSAGES.creditorUnknown,
      BOOKING_MESSAGES.creditorInactive,
    );
  });

  // Empty reports per creditor and month: a second one is an error (always); bookings beside an
  // empty report are warnings (only with the check on).
  // Per-row work is kept to a minimum here: an upload runs this for 100,000 rows, and every object
  // made per row lives across the query below.
  const monthKeys = prepared.map((p) =>
    p.month !== null && p.c.creditorNumber !== null && (p.emptyReport || checkForDuplicates)
      ? monthKey(p.c.creditorNumber, p.month)
      : null,
  );
  const wanted = new Map<string, { creditorNumber: number; month: string }>();
  prepared.forEach((p, index) => {
    const key = monthKeys[index];
    if (key && !wanted.has(key)) wanted.set(key, { creditorNumber: p.c.creditorNumber!, month: p.month! });
  });
  const stored = await findMonthStats(db, [...wanted.values()], excludeId);
  const NONE: MonthStats = { emptyReports: 0, bookings: 0 };
  const inBatch = new Map<string, MonthStats>();
  prepared.forEach((p, index) => {
    const key = monthKeys[index];
    if (!key) return;
    let before = inBatch.get(key);
    if (!before) inBatch.set(key, (before = { emptyReports: 0, bookings: 0 }));
    const saved = stored.get(key) ?? NONE;
    const label = () => formatMonth(p.month!);
    if (p.emptyReport) {
      if (saved.emptyReports + before.emptyReports > 0) {
        errors[index]!.push({ field: 'month', message: BOOKING_MESSAGES.emptyReportAlreadyExists(label()) });
      } else if (checkForDuplicates && saved.bookings + before.bookings > 0) {
        warnings[index]!.push({
          field: 'month',
          message: BOOKING_MESSAGES.emptyReportBookingsExist(label(), saved.bookings + before.bookings),
        });
      }
      before.emptyReports += 1;
    } else {
      if (checkForDuplicates && saved.emptyReports + before.emptyReports > 0) {
        warnings[index]!.push({
          field: 'invoiceDate',
          message: BOOKING_MESSAGES.emptyReportFiledForMonth(label()),
        });
      }
      before.bookings += 1;
    }
  });

  if (checkForDuplicates) {
    const keys: DuplicateKey[] = [];
    prepared.forEach((p, index) => {
      const key = duplicateKey(p.c, index);
      if (key && !p.emptyReport) keys.push(key);
    });
    const found = await findDuplicates(db, keys, excludeId);
    const firstInBatch = new Map<string, number>();
    for (const key of keys) {
      const earlier = found.get(key.index);
      const name = `${key.creditorNumber}|${key.invoiceNumber}|${key.invoiceDate}|${key.debitorNumber}|${key.articleNumber}|${key.net}`;
      const earlierRow = firstInBatch.get(name);
      if (earlier) {
        warnings[key.index]!.push({
          field: 'invoiceNumber',
          message: BOOKING_MESSAGES.possibleDuplicate(formatDate(earlier.invoiceDate), earlier.invoiceNumber),
        });
      } else if (earlierRow !== undefined) {
        warnings[key.index]!.push({
          field: 'invoiceNumber',
          message: BOOKING_MESSAGES.possibleDuplicateRow(
            rowName(earlierRow),
            formatDate(key.invoiceDate),
            key.invoiceNumber,
          ),
        });
      }
      if (earlierRow === undefined) firstInBatch.set(name, key.index);
    }
  }

  return { errors: errors.map(toMessages), warnings: warnings.map(toMessages) };
}

const isReservedArticle = (n: number | null) => n === EMPTY_REPORT_ARTICLE_NUMBER;
const isReservedDebitor = (n: number | null) => n === EMPTY_REPORT_DEBITOR_NUMBER;

function duplicateKey(c: BookingCandidate, index: number): DuplicateKey | null {
  if (
    c.invoiceDate === null ||
    c.invoiceNumber === '' ||
    c.net === null ||
    c.debitorNumber === null ||
    c.articleNumber === null ||
    c.creditorNumber === null
  ) {
    return null;
  }
  return {
    index,
    creditorNumber: c.creditorNumber,
    invoiceNumber: c.invoiceNumber,
    invoiceDate: c.invoiceDate,
    debitorNumber: c.debitorNumber,
    articleNumber: c.articleNumber,
    net: c.net,
  };
}

/** Messages in form order (stable within a field), labelled with the field's German label. */
function toMessages(issues: Issue[]): ValidationMessage[] {
  return issues
    .map((issue, i) => ({ issue, i }))
    .sort(
      (x, y) =>
        BOOKING_FIELD_ORDER.indexOf(x.issue.field) - BOOKING_FIELD_ORDER.indexOf(y.issue.field) || x.i - y.i,
    )
    .map(({ issue }) => bookingMessage(issue.field, issue.message));
}
