// The two statements of the reporting status: the creditors in view, and their bookings and empty
// reports per creditor and calendar month of the invoice date. The second reads the totals that
// triggers keep per creditor and month (booking_month_totals, migration 0015), at most one row per
// cell of the matrix, instead of aggregating a million bookings per request (docs/performance.md
// "Meldestatus").
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { bookingMonthTotals, creditors } from '../../db/schema';
import { lastTransactionCreationDate } from '../creditors/index';

export interface CreditorRow {
  number: number;
  name: string;
  isActive: boolean;
  lastTransactionCreationDate: Date | null;
}

export interface MonthAggregateRow {
  creditorNumber: number;
  /** 'YYYY-MM' */
  month: string;
  count: number;
  /** The exact sum as PostgreSQL's numeric text. */
  net: string;
  hasEmptyReport: boolean;
}

/** Which creditors: one (a supplier's own), or all (active only unless includeInactive). */
export interface CreditorSelection {
  creditorNumber?: number;
  includeInactive: boolean;
}

function creditorCondition({ creditorNumber, includeInactive }: CreditorSelection): SQL | undefined {
  return and(
    creditorNumber === undefined ? undefined : eq(creditors.number, creditorNumber),
    includeInactive ? undefined : eq(creditors.isActive, true),
  );
}

export function selectCreditors(db: DbOrTx, selection: CreditorSelection): Promise<CreditorRow[]> {
  return db
    .select({
      number: creditors.number,
      name: creditors.name,
      isActive: creditors.isActive,
      lastTransactionCreationDate,
    })
    .from(creditors)
    .where(creditorCondition(selection))
    .orderBy(asc(creditors.number));
}

/**
 * Bookings and empty reports per creditor and month, for the months starting in [fromDay,
 * untilDayExclusive). Read as pg's plain rows, already in the shape the service uses: 36 months of
 * 500 creditors are 18,000 rows, and drizzle's mapping of each field plus a copy of each row without
 * its empty-report count cost the server more than the statement itself (docs/performance.md,
 * "Reporting status").
 */
export async function aggregateMonths(
  db: DbOrTx,
  selection: CreditorSelection,
  fromDay: string,
  untilDayExclusive: string,
): Promise<MonthAggregateRow[]> {
  const { rows } = await db.execute<MonthAggregateRow & Record<string, unknown>>(sql`
    select ${bookingMonthTotals.creditorNumber} as "creditorNumber",
      to_char(${bookingMonthTotals.month}, 'YYYY-MM') as month,
      ${bookingMonthTotals.bookings} as count,
      ${bookingMonthTotals.net}::text as net,
      ${bookingMonthTotals.emptyReports} > 0 as "hasEmptyReport"
    from ${bookingMonthTotals}
    where ${and(
      gte(bookingMonthTotals.month, fromDay),
      lt(bookingMonthTotals.month, untilDayExclusive),
      selection.creditorNumber === undefined
        ? undefined
        : eq(bookingMonthTotals.creditorNumber, selection.creditorNumber),
    )}`);
  return rows;
}
