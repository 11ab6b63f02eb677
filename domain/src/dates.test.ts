import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  isoDayToWire,
  parseCalendarDate,
  parseMonth,
  todayIsoDay,
} from './dates';

describe('parseCalendarDate', () => {
  it.each([
    ['15.03.2026', '2026-03-15'],
    ['5.3.2026', '2026-03-05'],
    [' 01.01.2000 ', '2000-01-01'],
    ['2026-03-15', '2026-03-15'],
    ['2026-03-15T00:00:00.000Z', '2026-03-15'],
    ['29.02.2024', '2024-02-29'],
  ])('reads %j', (input, expected) => expect(parseCalendarDate(input)).toBe(expected));

  it.each([
    '31.04.2026',
    '29.02.2026',
    '00.01.2026',
    '12.13.2026',
    '01.01.1899',
    '15/03/2026',
    '',
    '2026-3-15',
    'abc',
  ])('rejects %j', (input) => expect(parseCalendarDate(input)).toBeNull());
});

describe('parseMonth', () => {
  it('returns the first day of the month', () => {
    expect(parseMonth('03.2026')).toBe('2026-03-01');
    expect(parseMonth('3.2026')).toBe('2026-03-01');
  });
  it('rejects impossible months', () => {
    expect(parseMonth('13.2026')).toBeNull();
    expect(parseMonth('00.2026')).toBeNull();
    expect(parseMonth('2026-03')).toBeNull();
  });
});

describe('formatting', () => {
  it('formats calendar dates as dd.MM.yyyy in UTC whatever the time zone', () => {
    expect(formatDate(isoDayToWire('2026-03-05'))).toBe('05.03.2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('formats timestamps in German local time', () => {
    expect(formatDateTime('2026-07-01T22:30:00.000Z')).toBe('02.07.2026 00:30');
    expect(formatDateTime('2026-01-15T08:05:00.000Z')).toBe('15.01.2026 09:05');
  });
  it('writes long German dates', () => {
    expect(formatLongDate('2026-03-15T10:00:00.000Z')).toBe('15. März 2026');
  });
  it("knows Germany's today", () => {
    expect(todayIsoDay(new Date('2026-12-31T23:30:00.000Z'))).toBe('2027-01-01');
  });
});
