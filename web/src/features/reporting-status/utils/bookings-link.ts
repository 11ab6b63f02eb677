import { DEFAULT_BOOKING_LIST_QUERY, writeBookingListQuery } from '@lp/domain/booking-list-query';
import { monthStart, type Month } from '@lp/domain/reporting-status';

/** 'YYYY-MM' → its last day 'YYYY-MM-DD'. */
export function monthEnd(month: Month): string {
  const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(lastDay).padStart(2, '0')}`;
}

/** The bookings list of one creditor and one month of the invoice date, in the list's own URL form. */
export function bookingsOfMonthPath(creditor: number, month: Month): string {
  const params = new URLSearchParams(
    writeBookingListQuery({
      ...DEFAULT_BOOKING_LIST_QUERY,
      creditor,
      invoiceDateFrom: monthStart(month),
      invoiceDateUntil: monthEnd(month),
    }),
  );
  return `/transactions?${params.toString()}`;
}
