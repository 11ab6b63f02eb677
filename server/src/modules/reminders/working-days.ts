// The working-day calendar of the reminder plan (decisions.md section 13): Monday to Friday, except
// the public holidays of one German state, which come from feiertagejs (Easter-dependent ones such as
// Karfreitag, Ostermontag, Christi Himmelfahrt, Pfingstmontag and Fronleichnam included). Days are
// ISO calendar days ('YYYY-MM-DD'), computed in UTC so that the server's time zone changes nothing.
import { getHolidays } from 'feiertagejs';
import type { HolidayState } from '@lp/domain/holidays';

const holidaysByYear = new Map<string, ReadonlySet<string>>();

/** The public holidays of `state` in `year`, as ISO days. */
export function publicHolidays(year: number, state: HolidayState): ReadonlySet<string> {
  const key = `${state}:${year}`;
  let days = holidaysByYear.get(key);
  if (!days) {
    days = new Set(getHolidays(year, state).map((holiday) => holiday.dateString));
    holidaysByYear.set(key, days);
  }
  return days;
}

const parse = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const iso = (date: Date) => date.toISOString().slice(0, 10);

export function isWorkingDay(day: string, state: HolidayState): boolean {
  const date = parse(day);
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !publicHolidays(date.getUTCFullYear(), state).has(day);
}

/**
 * The n-th working day (1-based) after the month `month` ('YYYY-MM') ends: the n-th working day of
 * the following month (or later, for a large n).
 */
export function nthWorkingDayAfter(month: string, n: number, state: HolidayState): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m, 1)); // the first day of the next month
  let count = 0;
  for (;;) {
    const day = iso(date);
    if (isWorkingDay(day, state) && ++count === n) return day;
    date.setUTCDate(date.getUTCDate() + 1);
  }
}

/**
 * Which working day after the end of the previous month `day` is (1-based), or null when `day` is
 * no working day.
 */
export function workingDayOfMonth(day: string, state: HolidayState): number | null {
  if (!isWorkingDay(day, state)) return null;
  const date = parse(day);
  let count = 0;
  for (let d = 1; d <= date.getUTCDate(); d++) {
    const current = iso(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), d)));
    if (isWorkingDay(current, state)) count++;
  }
  return count;
}
