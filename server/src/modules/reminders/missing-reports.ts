// Which active creditors have which months without a report, and whom to write about it: the
// urgency mails and the reminder plan both read this. A month is missing as the Meldestatus says
// (no booking, no empty report); the running month never is (decision 0049).
import { and, eq, inArray } from 'drizzle-orm';
import {
  addMonths,
  currentMonth,
  monthsBetween,
  monthStart,
  reportingState,
} from '@lp/domain/reporting-status';
import type { DbOrTx } from '../../db/connection';
import { users } from '../../db/schema';
import { aggregateMonths, selectCreditors } from '../reporting-status/index';

/** How far back the mails name missing months. */
const MONTHS_NAMED = 12;

export interface CreditorMissing {
  number: number;
  name: string;
  lastUpload: string | null;
  /** Missing months of the last MONTHS_NAMED ended months (and `month`, if asked), oldest first. */
  missingMonths: string[];
  /** The creditor's active users' addresses. */
  recipients: string[];
}

export async function findMissingReports(
  db: DbOrTx,
  { creditorNumber, month, now = new Date() }: { creditorNumber?: number; month?: string; now?: Date },
): Promise<CreditorMissing[]> {
  const last = addMonths(currentMonth(now), -1);
  let first = addMonths(last, 1 - MONTHS_NAMED);
  if (month !== undefined && month < first) first = month;
  const months = monthsBetween(first, last);
  const selection = { creditorNumber, includeInactive: false };
  const [creditors, aggregates] = await Promise.all([
    selectCreditors(db, selection),
    aggregateMonths(db, selection, monthStart(first), monthStart(addMonths(last, 1))),
  ]);
  const reported = new Set(
    aggregates
      .filter((a) => reportingState(a.count, a.hasEmptyReport) !== 'missing')
      .map((a) => `${a.creditorNumber}:${a.month}`),
  );
  const numbers = creditors.map((c) => c.number);
  const addresses =
    numbers.length === 0
      ? []
      : await db
          .select({ creditorNumber: users.creditorNumber, emailAddress: users.emailAddress })
          .from(users)
          .where(and(inArray(users.creditorNumber, numbers), eq(users.isActive, true)));
  const recipients = new Map<number, string[]>();
  for (const { creditorNumber: n, emailAddress } of addresses) {
    if (n === null) continue;
    recipients.set(n, [...(recipients.get(n) ?? []), emailAddress]);
  }
  return creditors
    .map((c) => ({
      number: c.number,
      name: c.name,
      lastUpload: c.lastTransactionCreationDate?.toISOString() ?? null,
      missingMonths: months.filter((m) => !reported.has(`${c.number}:${m}`)),
      recipients: recipients.get(c.number) ?? [],
    }))
    .filter((c) => month === undefined || c.missingMonths.includes(month));
}
