// What every check of a booking batch reads and writes: the prepared candidates, the options and one
// list of errors and of warnings per candidate, in candidate order.
import {
  BOOKING_FIELD_ORDER,
  bookingMessage,
  type BookingCandidate,
  type BookingField,
} from '@lp/domain/booking.schema';
import type { ValidationMessage } from '@lp/domain/messages';
import type { DbOrTx } from '../../../db/connection';
import type { SessionUser } from '../../auth/index';

export interface Issue {
  field: BookingField;
  message: string;
}

export interface PreparedBooking {
  /** The candidate with its effective creditor (a supplier's own when it names none). */
  booking: BookingCandidate;
  /** An empty report the caller allows (single saves); in uploads the reserved numbers are errors. */
  emptyReport: boolean;
  /** The invoice month's first day 'YYYY-MM-01'; null without a valid invoice date. */
  month: string | null;
}

export interface ValidationRun {
  db: DbOrTx;
  user: SessionUser;
  prepared: readonly PreparedBooking[];
  checkForDuplicates: boolean;
  /** The booking being updated: it is no duplicate of itself. */
  excludeId: number | undefined;
  /** Germany's calendar day 'YYYY-MM-DD'. */
  today: string;
  /** How messages name another candidate (the file's row number). */
  rowName(index: number): number;
  errors: Issue[][];
  warnings: Issue[][];
}

/** Messages in form order (stable within a field), labelled with the field's German label. */
export function toMessages(issues: Issue[]): ValidationMessage[] {
  return issues
    .map((issue, i) => ({ issue, i }))
    .sort(
      (x, y) =>
        BOOKING_FIELD_ORDER.indexOf(x.issue.field) - BOOKING_FIELD_ORDER.indexOf(y.issue.field) || x.i - y.i,
    )
    .map(({ issue }) => bookingMessage(issue.field, issue.message));
}
