// Empty reports per creditor and month: a second one is an error (always); bookings beside an empty
// report are warnings (only with the duplicate check on). Stored bookings are counted in one
// statement; the batch's own earlier candidates count as well.
import { formatMonth } from '@lp/domain/booking.schema';
import { BOOKING_MESSAGES } from '@lp/domain/messages';
import { findMonthStats, monthKey, type MonthStats } from '../bookings.repository';
import type { ValidationRun } from './validation-run';

const NONE: MonthStats = { emptyReports: 0, bookings: 0 };

export async function checkEmptyReportMonths(run: ValidationRun): Promise<void> {
  const { prepared, checkForDuplicates, errors, warnings } = run;
  // Per-row work is kept to a minimum here: an upload runs this for 100,000 rows, and every object
  // made per row lives across the query below.
  const monthKeys = prepared.map((p) =>
    p.month !== null && p.booking.creditorNumber !== null && (p.emptyReport || checkForDuplicates)
      ? monthKey(p.booking.creditorNumber, p.month)
      : null,
  );
  const wanted = new Map<string, { creditorNumber: number; month: string }>();
  prepared.forEach((p, index) => {
    const key = monthKeys[index];
    if (key && !wanted.has(key)) {
      wanted.set(key, { creditorNumber: p.booking.creditorNumber!, month: p.month! });
    }
  });
  const stored = await findMonthStats(run.db, [...wanted.values()], run.excludeId);
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
}
