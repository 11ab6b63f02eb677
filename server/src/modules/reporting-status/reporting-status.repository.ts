// The two statements of the reporting status: the creditors in view, and their bookings and empty
// reports aggregated per creditor and calendar month of the invoice date. The aggregate reads the
// range through transactions_creditor_invoice_date_idx and groups in PostgreSQL, so a million bookings
// never leave the database. It groups by date_trunc and formats the month only per group: to_char per
// booking was three times slower (docs/performance.md).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import type { DbOrTx } from '../../db/connection';
import { bookings, creditors } from '../../db/schema';
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

/** Bookings and empty reports per creditor and month, for invoice dates in [fromDay, untilDay). */
export async function aggregateMonths(
  db: DbOrTx,
  selection: CreditorSelection,
  fromDay: string,
  untilDayExclusive: string,
): Promise<MonthAggregateRow[]> {
  const isEmptyReport = sql`(${bookings.articleNumber} = ${sql.raw(String(EMPTY_REPORT_ARTICLE_NUMBER))}
    and ${bookings.debitorNumber} = ${sql.raw(String(EMPTY_REPORT_DEBITOR_NUMBER))})`;
  const creditorFilter =
    selection.creditorNumber === undefined
      ? sql``
      : sql`and ${bookings.creditorNumber} = ${selection.creditorNumber}`;
  const { rows } = await db.execute<{
    creditor_number: number;
    month: string;
    count: number;
    net: string;
    has_empty_report: boolean;
  }>(sql`
    select creditor_number, to_char(month_start, 'YYYY-MM') as month, count, net, has_empty_report
      from (
    select ${bookings.creditorNumber} as creditor_number,
           date_trunc('month', ${bookings.invoiceDate}::timestamp) as month_start,
           (count(*) filter (where not ${isEmptyReport}))::int as count,
           coalesce(sum(${bookings.net}) filter (where not ${isEmptyReport}), 0)::text as net,
           bool_or(${isEmptyReport}) as has_empty_report
      from ${bookings}
     where ${bookings.invoiceDate} >= ${fromDay}::date
       and ${bookings.invoiceDate} < ${untilDayExclusive}::date
       ${creditorFilter}
     group by 1, 2) per_month`);
  return rows.map((r) => ({
    creditorNumber: r.creditor_number,
    month: r.month,
    count: r.count,
    net: r.net,
    hasEmptyReport: r.has_empty_report,
  }));
}
