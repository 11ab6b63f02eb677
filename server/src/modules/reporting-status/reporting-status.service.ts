// The reporting status (decisions.md section 10): per creditor and calendar month of the invoice date,
// reported / empty / missing, with the bookings' count and net sum. Admins see every creditor; anyone
// else exactly its own (a user without a creditor: none), without a 403.
import { bookingScope } from '@lp/domain/policies';
import {
  addMonths,
  monthsBetween,
  monthStart,
  reportingState,
  type ReportingStatus,
  type ReportingStatusQuery,
} from '@lp/domain/reporting-status';
import type { Db } from '../../db/connection';
import type { SessionUser } from '../auth/index';
import {
  aggregateMonths,
  selectCreditors,
  type CreditorSelection,
  type MonthAggregateRow,
} from './reporting-status.repository';
import { hasAccess } from '../../lib/access';

function selectionFor(user: SessionUser, includeInactive: boolean): CreditorSelection | null {
  if (hasAccess(user, 'reportingStatus:all')) return { includeInactive };
  const scope = bookingScope(user);
  if (scope.allCreditors) return { includeInactive };
  // A supplier's own creditor, also when it is inactive: it is the only one it may see.
  return scope.creditorNumber === null
    ? null
    : { creditorNumber: scope.creditorNumber, includeInactive: true };
}

export async function getReportingStatus(
  db: Db,
  user: SessionUser,
  { from, until, includeInactive }: ReportingStatusQuery,
): Promise<ReportingStatus> {
  const months = monthsBetween(from, until);
  const selection = selectionFor(user, includeInactive);
  if (selection === null) return { months, creditors: [] };
  const [creditorRows, aggregates] = await Promise.all([
    selectCreditors(db, selection),
    aggregateMonths(db, selection, monthStart(from), monthStart(addMonths(until, 1))),
  ]);
  // Each creditor's totals by the month's position in `months`: the matrix is built without a lookup
  // by a composed key per cell (18,000 cells for 500 creditors and 36 months).
  const position = new Map(months.map((month, index) => [month, index]));
  const byCreditor = new Map<number, (MonthAggregateRow | undefined)[]>();
  for (const aggregate of aggregates) {
    const index = position.get(aggregate.month);
    if (index === undefined) continue;
    let row = byCreditor.get(aggregate.creditorNumber);
    if (!row) {
      row = new Array<MonthAggregateRow | undefined>(months.length);
      byCreditor.set(aggregate.creditorNumber, row);
    }
    row[index] = aggregate;
  }
  return {
    months,
    creditors: creditorRows.map((c) => {
      const row = byCreditor.get(c.number);
      return {
        number: c.number,
        name: c.name,
        isActive: c.isActive,
        lastTransactionCreationDate: c.lastTransactionCreationDate?.toISOString() ?? null,
        months: months.map((month, index) => {
          const a = row?.[index];
          return {
            month,
            state: reportingState(a?.count ?? 0, a?.hasEmptyReport ?? false),
            count: a?.count ?? 0,
            net: a ? Number(a.net) : 0,
          };
        }),
      };
    }),
  };
}
