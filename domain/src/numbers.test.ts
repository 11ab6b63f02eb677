import { describe, expect, it } from 'vitest';
import { decimalPlaces, formatAmount, padArticleNumber, parseAmount } from './numbers';

describe('parseAmount', () => {
  it.each([
    ['1.234,56', '1234.56'],
    ['1234,56', '1234.56'],
    ['1234.56', '1234.56'],
    ['-12,5', '-12.5'],
    ['1 234,56', '1234.56'],
    ['1.234.567', '1234567'],
    ['1,234.56', '1234.56'],
    ['0,00', '0'],
    ['007', '7'],
    ['12,30 €', '12.3'],
  ])('reads %j as %j', (input, expected) => expect(parseAmount(input)).toBe(expected));

  it.each(['', 'abc', '1,2,3', '12.34.5', '--1', '1e5'])('rejects %j', (input) =>
    expect(parseAmount(input)).toBeNull(),
  );

  it('accepts finite numbers', () => {
    expect(parseAmount(12.5)).toBe('12.5');
    expect(parseAmount(Number.NaN)).toBeNull();
  });

  it('round-trips what formatAmount writes', () => {
    for (let cents = -500_000; cents <= 500_000; cents += 1237) {
      const value = cents / 100;
      expect(Number(parseAmount(formatAmount(value)))).toBe(value);
    }
  });
});

describe('formatting numbers', () => {
  it('writes German amounts with two decimals', () => {
    expect(formatAmount(1234.5)).toBe('1.234,50');
    expect(formatAmount('-0.5')).toBe('-0,50');
    expect(formatAmount(null)).toBe('');
  });
  it('counts decimals and pads article numbers', () => {
    expect(decimalPlaces('12.345')).toBe(3);
    expect(decimalPlaces('12')).toBe(0);
    expect(padArticleNumber(999)).toBe('000999');
  });
});
