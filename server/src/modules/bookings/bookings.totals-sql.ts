// SQL of the bookings list's totals: the count and net sum of a filter, counted or taken from the
// month totals, each with the data version of its own snapshot (migration 0012_bookings_data_version),
// by which the totals cache (bookings.totals-cache.ts) knows whether they still hold.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { DATA_VERSION } from './bookings.data-version';
import { type WholeCreditorList } from './bookings.filter';
import {
  matchRangeAggregates,
  readMatchRange,
  type MatchRange,
  type MatchRangeSortKey,
} from './bookings.match-range';
import { IS_EMPTY_REPORT } from './bookings.repository';

/**
 * Count and net sum over the whole filter (not a page), with the data version of the same snapshot
 * (migration 0012_bookings_data_version); `withRange`, also where the matches lie: their ids' range
 * and, with `rangeOf`, their range in that order (bookings.match-range.ts MatchRange, walkScopeInRange).
 */
export async function selectBookingTotals(
  db: DbOrTx,
  where: SQL,
  { withRange = false, rangeOf }: { withRange?: boolean; rangeOf?: MatchRangeSortKey } = {},
): Promise<{ total: number; netSum: string; version: string; range?: MatchRange }> {
  const { rows } = await db.execute<
    { total: number; netSum: string; version: string } & Parameters<typeof readMatchRange>[0]
  >(
    sql`select count(*)::int as total, coalesce(sum(t.net), 0)::text as "netSum",
      ${DATA_VERSION} as version${withRange ? sql`, ${matchRangeAggregates(rangeOf)}` : sql``}
      from transactions t where ${where}`,
  );
  const { total, netSum, version, ...range } = rows[0]!;
  const matchRange = withRange ? readMatchRange(range, rangeOf) : undefined;
  return matchRange ? { total, netSum, version, range: matchRange } : { total, netSum, version };
}

/**
 * The totals of every booking (`creditorNumber` null) or of one creditor's, all of them or those of
 * one export status, without counting them: the month totals (migration 0015_booking_month_totals_sync,
 * kept by the write statements' triggers in their own transactions) hold the count and exact net sum
 * of the bookings other than empty reports; the empty reports (one per creditor and month, through
 * their partial unique index) are counted with their net as it is stored; the exported month totals
 * (migration 0032, per export batch) hold those of the exported bookings, empty reports included, and
 * the not exported ones are the rest. One statement: totals and data version of one snapshot.
 */
export async function selectWholeCreditorTotals(
  db: DbOrTx,
  { creditorNumber, exportStatus }: WholeCreditorList,
): Promise<{ total: number; netSum: string; version: string }> {
  const creditor = (column: SQL) =>
    creditorNumber === null ? sql`true` : sql`${column} = ${creditorNumber}`;
  const [total, net] = {
    all: [sql`m.bookings + e.reports`, sql`m.net + e.net`],
    exported: [sql`x.bookings`, sql`x.net`],
    notExported: [sql`m.bookings + e.reports - x.bookings`, sql`m.net + e.net - x.net`],
  }[exportStatus ?? 'all'];
  const { rows } = await db.execute<{ total: number; netSum: string; version: string }>(
    sql`select (${total})::int as total, (${net})::text as "netSum", ${DATA_VERSION} as version
      from (select coalesce(sum(bookings), 0) as bookings, coalesce(sum(net), 0) as net
          from booking_month_totals where ${creditor(sql`creditor_number`)}) m,
        (select count(*) as reports, coalesce(sum(t.net), 0) as net
          from transactions t where ${IS_EMPTY_REPORT} and ${creditor(sql`t.creditor_number`)}) e,
        (select coalesce(sum(bookings), 0) as bookings, coalesce(sum(net), 0) as net
          from booking_exported_month_totals where ${creditor(sql`creditor_number`)}) x`,
  );
  return rows[0]!;
}
