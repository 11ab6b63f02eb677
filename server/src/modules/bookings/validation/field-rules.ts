// The checks that need nothing but the candidate and the user: the domain's field rules (the same
// the form checks) and that a supplier books for its own creditor only.
import { checkBookingFields } from '@lp/domain/booking.schema';
import { BOOKING_MESSAGES } from '@lp/domain/messages';
import type { ValidationRun } from './validation-run';
import { hasAccess } from '../../../lib/access';

export function checkFieldRules({ prepared, today, errors }: ValidationRun): void {
  prepared.forEach(({ booking, emptyReport }, index) => {
    errors[index]!.push(...checkBookingFields(booking, { today, emptyReport }));
  });
}

/** A candidate without a creditor already has the supplier's own (see effectiveCreditorNumber). */
export function checkOwnCreditor({ prepared, user, errors }: ValidationRun): void {
  if (hasAccess(user, 'booking:anyCreditor')) return;
  prepared.forEach(({ booking }, index) => {
    if (booking.creditorNumber !== null && booking.creditorNumber !== user.creditorNumber) {
      errors[index]!.push({ field: 'creditorId', message: BOOKING_MESSAGES.foreignCreditor });
    }
  });
}
