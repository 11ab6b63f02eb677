// The server's rules for bookings (decisions.md section 4), for a single save and a whole upload
// alike, one check per concern (validation/): the field rules of the domain, the supplier's own
// creditor, master data, empty reports per month and possible duplicates. A batch costs a constant
// number of statements, whatever its size.
import { firstDayOfMonth, isEmptyReport, type BookingCandidate } from '@lp/domain/booking.schema';
import { todayIsoDay } from '@lp/domain/dates';
import type { ValidationMessage } from '@lp/domain/messages';
import type { DbOrTx, Tx } from '../../db/connection';
import type { SessionUser } from '../auth/index';
import { lockCreditors, type NewBookingRow } from './bookings.repository';
import { checkDuplicates } from './validation/duplicates';
import { checkEmptyReportMonths } from './validation/empty-report-months';
import { checkFieldRules, checkOwnCreditor } from './validation/field-rules';
import { checkMasterData } from './validation/master-data';
import { toMessages, type PreparedBooking, type ValidationRun } from './validation/validation-run';
import { hasAccess } from '../../lib/access';

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

/**
 * A supplier books for its own creditor: a creditor left out means its own. One sent as null, zero
 * or negative is no creditor, for a supplier as for an admin (a required-field error).
 */
export function effectiveCreditorNumber(candidate: BookingCandidate, user: SessionUser): number | null {
  if (candidate.creditorNumber !== null) return candidate.creditorNumber;
  if (candidate.creditorSentEmpty) return null;
  return hasAccess(user, 'booking:anyCreditor') ? null : user.creditorNumber;
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

/**
 * validateBookings for a write that follows in the same transaction (a save, an upload): first waits
 * for the booking-write lock of each creditor the candidates book for, so that no parallel save or
 * upload of those creditors stores a duplicate between this check and this write.
 */
export async function validateBookingsForWrite(
  // An open transaction, never the pool: a transaction-scoped lock would end at once.
  tx: Tx,
  candidates: readonly BookingCandidate[],
  options: ValidateBookingsOptions,
): Promise<BookingValidation> {
  const creditors = candidates
    .map((candidate) => effectiveCreditorNumber(candidate, options.user))
    .filter((n): n is number => n !== null);
  await lockCreditors(tx, creditors);
  return validateBookings(tx, candidates, options);
}

export async function validateBookings(
  db: DbOrTx,
  candidates: readonly BookingCandidate[],
  options: ValidateBookingsOptions,
): Promise<BookingValidation> {
  const run = startRun(db, candidates, options);
  checkFieldRules(run);
  checkOwnCreditor(run);
  await checkMasterData(run);
  await checkEmptyReportMonths(run);
  if (run.checkForDuplicates) await checkDuplicates(run);
  return { errors: run.errors.map(toMessages), warnings: run.warnings.map(toMessages) };
}

function startRun(
  db: DbOrTx,
  candidates: readonly BookingCandidate[],
  options: ValidateBookingsOptions,
): ValidationRun {
  const { user, allowEmptyReports = false, rowNumbers } = options;
  const prepared = candidates.map((candidate): PreparedBooking => {
    const booking = { ...candidate, creditorNumber: effectiveCreditorNumber(candidate, user) };
    return {
      booking,
      emptyReport: allowEmptyReports && isEmptyReport(booking.articleNumber, booking.debitorNumber),
      month: booking.invoiceDate === null ? null : firstDayOfMonth(booking.invoiceDate),
    };
  });
  return {
    db,
    user,
    prepared,
    checkForDuplicates: options.checkForDuplicates,
    excludeId: options.excludeId,
    today: options.today ?? todayIsoDay(),
    rowName: (index) => rowNumbers?.[index] ?? index + 1,
    errors: candidates.map(() => []),
    warnings: candidates.map(() => []),
  };
}
