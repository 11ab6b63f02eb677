import {
  currentMonth,
  formatMonth,
  shownState,
  type Month,
  type ReportingStatus,
} from '@lp/domain/reporting-status';

export interface MonthTotal {
  month: Month;
  /** 'MM.yyyy', as the chart's axis and text alternative show it. */
  label: string;
  reported: number;
  empty: number;
  missing: number;
  /** The running month's creditors without a report yet (shownState). */
  open: number;
  net: number;
}

/** Per month: how many creditors are in each state, and the net sum of their bookings. */
export function monthTotals({ months, creditors }: ReportingStatus): MonthTotal[] {
  const totals = months.map((month) => ({
    month,
    label: formatMonth(month),
    reported: 0,
    empty: 0,
    missing: 0,
    open: 0,
    net: 0,
  }));
  const current = currentMonth();
  for (const creditor of creditors) {
    creditor.months.forEach((cell, i) => {
      const total = totals[i];
      if (!total) return;
      total[shownState(cell, current)] += 1;
      total.net += cell.net;
    });
  }
  // Cent-exact sums: adding many floats drifts in the last digits.
  return totals.map((total) => ({ ...total, net: Math.round(total.net * 100) / 100 }));
}
