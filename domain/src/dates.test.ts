import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  isoDayToWire,
  parseCalendarDate,
  parseMonth,
  readCalendarDate,
  readMonth,
  todayIsoDay,
} from './dates';
import { dateInputProblem, monthInputProblem } from './date-input';

describe('parseCalendarDate', () => {
  it.each([
    ['15.03.2026', '2026-03-15'],
    ['5.3.2026', '2026-03-05'],
    ['1.3.2025', '2025-03-01'],
    ['3.1.2025', '2025-01-03'],
    ['01.03.25', '2025-03-01'],
    ['1.3.25', '2025-03-01'],
    ['31.12.69', '2069-12-31'],
    ['01.01.70', '2070-01-01'],
    ['31.12.99', '2099-12-31'],
    ['15.03.00', '2000-03-15'],
    [' 01.01.2000 ', '2000-01-01'],
    ['2026-03-15', '2026-03-15'],
    ['2025-03-01', '2025-03-01'],
    ['2026-03-15T00:00:00.000Z', '2026-03-15'],
    ['29.02.2024', '2024-02-29'],
    ['29.02.2000', '2000-02-29'],
    ['29.02.24', '2024-02-29'],
    // The digits a date mask takes, without its dots.
    ['01022026', '2026-02-01'],
    ['010226', '2026-02-01'],
    [' 31122025 ', '2025-12-31'],
  ])('reads %j', (input, expected) => expect(parseCalendarDate(input)).toBe(expected));

  it.each([
    ['31.04.2026', 'day'],
    ['29.02.2026', 'day'],
    ['29.02.1900', 'day'],
    ['31.02.2025', 'day'],
    ['29.02.25', 'day'],
    ['00.01.2026', 'format'],
    ['12.13.2026', 'format'],
    ['32.01.2026', 'format'],
    ['01.01.1899', 'year'],
    ['1.1.1899', 'year'],
    ['15/03/2026', 'format'],
    ['', 'format'],
    ['2026-3-15', 'format'],
    ['1.3.202', 'format'],
    ['1.3.2025.', 'format'],
    ['13132025', 'format'],
    ['20260201', 'format'],
    ['1022026', 'format'],
    ['0102202', 'format'],
    ['31022026', 'day'],
    ['01011899', 'year'],
    ['abc', 'format'],
  ])('rejects %j (%s)', (input, problem) => {
    expect(parseCalendarDate(input)).toBeNull();
    expect(readCalendarDate(input)).toEqual({ problem });
  });
});

describe('parseMonth', () => {
  it.each([
    ['03.2026', '2026-03-01'],
    ['3.2026', '2026-03-01'],
    ['3.2025', '2025-03-01'],
    ['03.25', '2025-03-01'],
    ['12.99', '2099-12-01'],
    ['2025-03', '2025-03-01'],
    ['032026', '2026-03-01'],
    ['0326', '2026-03-01'],
  ])('reads %j', (input, expected) => expect(parseMonth(input)).toBe(expected));

  it.each([
    ['13.2026', 'format'],
    ['00.2026', 'format'],
    ['2025-3', 'format'],
    ['3.1899', 'year'],
    ['3.202', 'format'],
    ['2026', 'format'],
    ['132026', 'format'],
    ['32026', 'format'],
  ])('rejects %j (%s)', (input, problem) => {
    expect(parseMonth(input)).toBeNull();
    expect(readMonth(input)).toEqual({ problem });
  });
});

describe('dateInputProblem / monthInputProblem', () => {
  it.each([
    ['', null],
    ['1.3.2025', null],
    [
      '31.02.2025',
      'Den 31.02.2025 gibt es nicht im Kalender. Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.',
    ],
    ['1.1.1899', 'Das Jahr muss zwischen 1900 und 9999 liegen.'],
    ['13132025', 'Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.'],
    [
      '31022026',
      'Den 31.02.2026 gibt es nicht im Kalender. Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.',
    ],
  ])('explains the date %j', (input, message) => expect(dateInputProblem(input)).toBe(message));

  it.each([
    ['3.2025', null],
    ['13.2025', 'Bitte geben Sie einen gültigen Monat im Format MM.JJJJ ein.'],
    ['3.1899', 'Das Jahr muss zwischen 1900 und 9999 liegen.'],
  ])('explains the month %j', (input, message) => expect(monthInputProblem(input)).toBe(message));
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
