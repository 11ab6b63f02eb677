// The two statements of the reporting status: the creditors in view, and their bookings and empty
// reports per creditor and calendar month of the invoice date. The second reads the totals that
// triggers keep per creditor and month (booking_month_totals, migration 0015), at most one row per
// cell of the matrix, instead of aggregating a million bookings per request (docs/performance.md
// "Meldestatus").
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { bookingMonthTotals, creditors } from '../../db/schema';
import { lastTransactionCreationDate } from '../creditors/creditors.kind';

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

/** Bookings and empty reports per creditor and month, for the months starting in [fromDay, untilDayExclusive). */
export async function aggregateMonths(
  db: DbOrTx,
  selection: CreditorSelection,
  fromDay: string,
  untilDayExclusive: string,
): Promise<MonthAggregateRow[]> {
  const rows = await db
    .select({
      creditorNumber: bookingMonthTotals.creditorNumber,
      month: sql<string>`to_char(${bookingMonthTotals.month}, 'YYYY-MM')`,
      count: bookingMonthTotals.bookings,
      net: bookingMonthTotals.net,
      emptyReports: bookingMonthTotals.emptyReports,
    })
    .from(bookingMonthTotals)
    .where(
      and(
        gte(bookingMonthTotals.month, fromDay),
        lt(bookingMonthTotals.month, untilDayExclusive),
        selection.creditorNumber === undefined
          ? undefined
          : eq(bookingMonthTotals.creditorNumber, selection.creditorNumber),
      ),
    );
  return rows.map(({ emptyReports, ...row }) => ({ ...row, hasEmptyReport: emptyReports > 0 }));
}
