import { describe, expect, it } from 'vitest';
import { CentSum } from './decimal-sum';

const sumOf = (amounts: string[]) => {
  const sum = new CentSum();
  for (const amount of amounts) sum.add(amount);
  return sum.toString();
};

describe('CentSum', () => {
  it.each([
    [[], '0.00'],
    [['10.00'], '10.00'],
    [['0.10', '0.20'], '0.30'],
    [['-1234.50', '1000.45'], '-234.05'],
    [['-0.05'], '-0.05'],
    [Array.from({ length: 1_000 }, () => '9999999.99'), '9999999990.00'],
  ])('%j sums to %s', (amounts, expected) => {
    expect(sumOf(amounts)).toBe(expected);
  });

  it('refuses a value that is not a 2-decimal amount', () => {
    expect(() => sumOf(['1.5'])).toThrow();
  });
});
