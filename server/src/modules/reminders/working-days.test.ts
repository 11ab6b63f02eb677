// The working-day calendar over a whole year: 2025 in Hessen, where Easter Sunday is 20 April, so
// Karfreitag 18.04., Ostermontag 21.04., Christi Himmelfahrt 29.05., Pfingstmontag 09.06. and
// Fronleichnam 19.06. (all Easter-dependent) are no working days; in Bavaria Heilige Drei Könige too.
import { describe, expect, it } from 'vitest';
import { isWorkingDay, nthWorkingDayAfter, publicHolidays, workingDayOfMonth } from './working-days';

function daysOf(year: number): string[] {
  const days: string[] = [];
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1))
    days.push(d.toISOString().slice(0, 10));
  return days;
}

describe('working days', () => {
  it('knows the public holidays of Hessen in 2025, Easter-dependent ones included', () => {
    expect([...publicHolidays(2025, 'HE')].sort()).toEqual([
      '2025-01-01',
      '2025-04-18',
      '2025-04-21',
      '2025-05-01',
      '2025-05-29',
      '2025-06-09',
      '2025-06-19',
      '2025-10-03',
      '2025-12-25',
      '2025-12-26',
    ]);
  });

  it('counts 251 working days in Hessen in 2025 and 249 in Bavaria', () => {
    // 261 weekdays less Hessen's 10 holidays (all on weekdays in 2025); Bavaria adds 6 January and
    // 15 August (weekdays) and 1 November (a Saturday, so no working day lost).
    const weekdays = daysOf(2025).filter((day) => ![0, 6].includes(new Date(day).getUTCDay()));
    expect(weekdays).toHaveLength(261);
    expect(daysOf(2025).filter((day) => isWorkingDay(day, 'HE'))).toHaveLength(251);
    expect(daysOf(2025).filter((day) => isWorkingDay(day, 'BY'))).toHaveLength(249);
  });

  it('finds the n-th working day after each month of 2025, and its inverse', () => {
    // April 2025 ends; May: Thursday 1 May is Tag der Arbeit, so the 1st working day is Friday 2 May.
    expect(nthWorkingDayAfter('2025-04', 1, 'HE')).toBe('2025-05-02');
    // March 2025 ends; April: the 11th working day would be 15 April; the 14th skips Karfreitag and
    // Ostermontag: 17.04. is the 13th, 22.04. the 14th.
    expect(nthWorkingDayAfter('2025-03', 13, 'HE')).toBe('2025-04-17');
    expect(nthWorkingDayAfter('2025-03', 14, 'HE')).toBe('2025-04-22');
    // December 2024 ends; January 2025: Neujahr is a Wednesday. In Bavaria 6 January (Monday) too.
    expect(nthWorkingDayAfter('2024-12', 3, 'HE')).toBe('2025-01-06');
    expect(nthWorkingDayAfter('2024-12', 3, 'BY')).toBe('2025-01-07');
    for (let month = 1; month <= 12; month++) {
      const previous = `${month === 1 ? 2024 : 2025}-${String(month === 1 ? 12 : month - 1).padStart(2, '0')}`;
      for (const n of [1, 3, 6, 11]) {
        const day = nthWorkingDayAfter(previous, n, 'HE');
        expect(isWorkingDay(day, 'HE')).toBe(true);
        expect(workingDayOfMonth(day, 'HE')).toBe(n);
      }
    }
    expect(workingDayOfMonth('2025-04-21', 'HE')).toBeNull();
    expect(workingDayOfMonth('2025-04-19', 'HE')).toBeNull();
  });
});
