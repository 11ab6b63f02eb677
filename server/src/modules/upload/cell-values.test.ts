// Property-style round trips: what the app formats (and users therefore type) parses back exactly.
import { describe, expect, it } from 'vitest';
import { formatDate } from '@lp/domain/dates';
import { formatAmount } from '@lp/domain/numbers';
import { cellAmount, cellBusinessNumber, cellCalendarDay, cellText } from './cell-values';

/** Deterministic pseudo-random numbers (mulberry32), so failures are reproducible. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const canonical = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  const frac = rest === 0 ? '' : rest % 10 === 0 ? `.${rest / 10}` : `.${String(rest).padStart(2, '0')}`;
  return `${sign}${euros}${frac}`;
};

describe('amounts: format → parse round trip', () => {
  const next = random(42);
  const amounts = [1, -1, 5, 99, 100, 1234, 100000, 123456789, 999999999, -1000000000];
  for (let i = 0; i < 3000; i++) {
    const magnitude = 10 ** Math.floor(next() * 10);
    amounts.push(Math.round((next() - 0.3) * magnitude));
  }

  it('parses formatAmount output (1.234,56), plain German (1234,56) and plain dot (1234.56) alike', () => {
    for (const cents of amounts) {
      const expected = canonical(cents);
      const german = formatAmount(cents / 100);
      expect(cellAmount(german).value, german).toBe(expected);
      expect(cellAmount(german.replace(/\./g, '')).value).toBe(expected);
      expect(cellAmount((cents / 100).toFixed(2)).value).toBe(expected);
      expect(cellAmount(cents / 100).value).toBe(expected); // a number cell
    }
  });

  it('rounds away float noise of number cells as Excel shows them', () => {
    expect(cellAmount(0.1 + 0.2).value).toBe('0.3');
    expect(cellAmount(1234.5600000000002).value).toBe('1234.56');
    expect(cellAmount(12.345).value).toBe('12.345'); // a real third decimal stays (the validation refuses it)
  });

  it('keeps the text of an unreadable amount for the message', () => {
    expect(cellAmount('12 Euro')).toEqual({ value: null, raw: '12 Euro' });
    expect(cellAmount('')).toEqual({ value: null });
  });
});

describe('dates: format → parse round trip', () => {
  const next = random(7);
  const days: Date[] = [];
  for (let i = 0; i < 3000; i++)
    days.push(new Date(Date.UTC(2000, 0, 1) + Math.floor(next() * 10_000) * 86_400_000));
  days.push(
    new Date(Date.UTC(2024, 1, 29)),
    new Date(Date.UTC(2000, 0, 1)),
    new Date(Date.UTC(2026, 11, 31)),
  );

  it('parses dd.MM.yyyy, d.M.yyyy, ISO and date cells to the same day', () => {
    for (const day of days) {
      const iso = day.toISOString().slice(0, 10);
      const german = formatDate(day);
      const [d, m, y] = german.split('.');
      expect(cellCalendarDay(german).value, german).toBe(iso);
      expect(cellCalendarDay(`${Number(d)}.${Number(m)}.${y}`).value).toBe(iso);
      expect(cellCalendarDay(iso).value).toBe(iso);
      expect(cellCalendarDay(day).value).toBe(iso);
    }
  });

  it('drops the time of a date-time cell without shifting the day', () => {
    expect(cellCalendarDay(new Date(Date.UTC(2025, 2, 15, 23, 59, 59))).value).toBe('2025-03-15');
    expect(cellCalendarDay(new Date(Date.UTC(2025, 2, 15, 0, 0, 0))).value).toBe('2025-03-15');
  });

  it('reads serial numbers of unformatted date cells (1900 and 1904 systems)', () => {
    expect(cellCalendarDay(45731).value).toBe('2025-03-15');
    expect(cellCalendarDay(45731.75).value).toBe('2025-03-15');
    expect(cellCalendarDay(44269, true).value).toBe('2025-03-15');
    expect(cellCalendarDay(-5)).toEqual({ value: null, raw: '-5' });
  });

  it('reads two-digit years as LibreOffice writes them, as years 2000–2099 (decisions.md section 5)', () => {
    expect(cellCalendarDay('15.03.25').value).toBe('2025-03-15');
    expect(cellCalendarDay('1.3.25').value).toBe('2025-03-01');
    expect(cellCalendarDay('1.1.00').value).toBe('2000-01-01');
    expect(cellCalendarDay('31.12.99').value).toBe('2099-12-31');
  });

  it('keeps the text of an unreadable date for the message', () => {
    expect(cellCalendarDay('31.02.2025')).toEqual({ value: null, raw: '31.02.2025' });
    expect(cellCalendarDay('  ')).toEqual({ value: null });
  });
});

describe('business numbers and texts', () => {
  it('reads numbers with leading zeros and refuses everything else', () => {
    expect(cellBusinessNumber('000999')).toEqual({ value: 999 });
    expect(cellBusinessNumber(1200)).toEqual({ value: 1200 });
    expect(cellBusinessNumber(' 42 ')).toEqual({ value: 42 });
    expect(cellBusinessNumber('')).toEqual({ value: null });
    expect(cellBusinessNumber('12a').error).toBe('Bitte geben Sie eine positive ganze Zahl ein.');
    expect(cellBusinessNumber(12.5).error).toBe('Bitte geben Sie eine positive ganze Zahl ein.');
    expect(cellBusinessNumber('-3').error).toBe('Bitte geben Sie eine positive ganze Zahl ein.');
    expect(cellBusinessNumber('99999999999').error).toBe('Die Zahl darf höchstens 2147483647 betragen.');
  });

  it('shows cells as text the way the user sees them, undoing the export formula guard', () => {
    expect(cellText('  Rathaus  ')).toBe('Rathaus');
    expect(cellText(4711)).toBe('4711');
    expect(cellText(new Date(Date.UTC(2025, 2, 15)))).toBe('15.03.2025');
    expect(cellText("'=SUMME(A1)")).toBe('=SUMME(A1)');
    expect(cellText("'-Lager Nord")).toBe('-Lager Nord');
    expect(cellText("'＝SUMME(A1)")).toBe('＝SUMME(A1)');
    expect(cellText("O'Brien")).toBe("O'Brien");
  });
});
