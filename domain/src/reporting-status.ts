// The reporting status (Meldestatus, decisions.md section 10), written once: which calendar months a
// creditor has reported, filed an empty report for, or is missing; the query of GET
// /api/reporting-status (and its xlsx export) and the shape of its answer. The server parses the query
// with this schema (German 400 on a bad value); the web builds its requests and its URL state with it.
import { z } from 'zod';
import { todayIsoDay } from './dates';
import { INVOICE_DATE_MIN_ISO, REPORTING_STATUS_DEFAULT_MONTHS, REPORTING_STATUS_MAX_MONTHS } from './limits';
import { REPORTING_STATUS_MESSAGES } from './messages';

export const REPORTING_STATES = ['reported', 'empty', 'missing'] as const;
export type ReportingState = (typeof REPORTING_STATES)[number];

/** A calendar month on the wire: 'YYYY-MM'. */
export type Month = string;

export interface CreditorMonthStatus {
  month: Month;
  state: ReportingState;
  /** Bookings (not empty reports) with an invoice date in the month. */
  count: number;
  /** Their net sum in euros. */
  net: number;
}

export interface CreditorReportingStatus {
  number: number;
  name: string;
  isActive: boolean;
  lastTransactionCreationDate: string | null;
  months: CreditorMonthStatus[];
}

export interface ReportingStatus {
  months: Month[];
  creditors: CreditorReportingStatus[];
}

/**
 * A month's state: any booking makes it `reported` (also when an empty report was filed too), else an
 * empty report makes it `empty`, else it is `missing`.
 */
export function reportingState(bookingCount: number, hasEmptyReport: boolean): ReportingState {
  if (bookingCount > 0) return 'reported';
  return hasEmptyReport ? 'empty' : 'missing';
}

/**
 * A month's state as the screens show it: `open` for a missing month that has not ended yet (the
 * current month), which nobody can be late for. Early in a month every creditor is `missing` for it,
 * so counted as missing it put everyone under "nur mit fehlenden Meldungen" and into the urgency
 * e-mail to all. The API keeps the three states of decisions.md section 10.
 */
export type ShownState = ReportingState | 'open';

export function shownState(
  { month, state }: Pick<CreditorMonthStatus, 'month' | 'state'>,
  current: Month = currentMonth(),
): ShownState {
  // 'YYYY-MM' strings order like their months.
  return state === 'missing' && month >= current ? 'open' : state;
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** '2025-03' → 2025 * 12 + 2 (months since year 0), or null for anything else. */
function monthIndex(month: string): number | null {
  const m = MONTH_PATTERN.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 1900) return null;
  return year * 12 + Number(m[2]) - 1;
}

function monthOfIndex(index: number): Month {
  const year = Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The current calendar month in Germany. */
export function currentMonth(now: Date = new Date()): Month {
  return todayIsoDay(now).slice(0, 7);
}

/** `month` moved by `delta` months. */
export function addMonths(month: Month, delta: number): Month {
  return monthOfIndex(monthIndex(month)! + delta);
}

/** Every month from `from` to `until`, both included, in order. */
export function monthsBetween(from: Month, until: Month): Month[] {
  const first = monthIndex(from)!;
  const last = monthIndex(until)!;
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => monthOfIndex(first + i));
}

/** 'YYYY-MM' → ISO first day 'YYYY-MM-01'. */
export function monthStart(month: Month): string {
  return `${month}-01`;
}

/** '2025-03' → '03.2025', the form in which the empty report's month is typed. */
export function formatMonth(month: Month): string {
  return `${month.slice(5, 7)}.${month.slice(0, 4)}`;
}

const M = REPORTING_STATUS_MESSAGES;
/** The first month any booking can be in (INVOICE_DATE_MIN_ISO). */
const FIRST_MONTH: Month = INVOICE_DATE_MIN_ISO.slice(0, 7);
const monthParam = z
  .string({ error: M.invalidMonth })
  .optional()
  .refine((v) => v === undefined || v === '' || MONTH_PATTERN.test(v), {
    error: M.invalidMonth,
    abort: true,
  })
  // 'YYYY-MM' strings order like their months.
  .refine((v) => !v || v >= FIRST_MONTH, M.monthTooEarly(formatMonth(FIRST_MONTH)))
  .transform((v) => (v ? v : undefined));

/**
 * The query: `from` and `until` as 'YYYY-MM' (default: the twelve months up to and including the
 * current one; one given, the other follows from the default length, an `until` so found at most the
 * current month), `includeInactive=true` for inactive creditors too. A month after the current one
 * (German time), `until` before `from` or more than 36 months → German errors.
 */
export function reportingStatusQuerySchema(now: () => Date = () => new Date()) {
  return z
    .object({
      from: monthParam,
      until: monthParam,
      includeInactive: z
        .enum(['true', 'false', ''], { error: M.invalidFlag })
        .optional()
        .transform((v) => v === 'true'),
    })
    .transform(({ from, until, includeInactive }, ctx) => {
      const span = REPORTING_STATUS_DEFAULT_MONTHS - 1;
      // A month that has not begun has no state yet: shown, it would count as missing (for the
      // filter and the urgency e-mail) although no empty report may be filed for it.
      // 'YYYY-MM' strings order like their months.
      const current = currentMonth(now());
      const given = { from, until };
      const future = (['from', 'until'] as const).filter((key) => (given[key] ?? '') > current);
      if (future.length > 0) {
        for (const key of future) ctx.addIssue({ code: 'custom', path: [key], message: M.monthInFuture });
        return z.NEVER;
      }
      const yearFromStart = from && addMonths(from, span);
      const last = until ?? (yearFromStart && yearFromStart < current ? yearFromStart : current);
      const first = from ?? addMonths(last, -span);
      const length = monthIndex(last)! - monthIndex(first)! + 1;
      if (length < 1) {
        ctx.addIssue({ code: 'custom', path: ['until'], message: M.untilBeforeFrom });
        return z.NEVER;
      }
      if (length > REPORTING_STATUS_MAX_MONTHS) {
        ctx.addIssue({
          code: 'custom',
          path: ['until'],
          message: M.rangeTooLong(REPORTING_STATUS_MAX_MONTHS),
        });
        return z.NEVER;
      }
      return { from: first, until: last, includeInactive };
    });
}

export type ReportingStatusQuery = z.output<ReturnType<typeof reportingStatusQuerySchema>>;
