import { describe, expect, it } from 'vitest';
import { contentDisposition } from './download';

describe('contentDisposition', () => {
  it('names an ASCII file plainly and RFC 5987 encoded', () => {
    expect(contentDisposition('Stammdaten_2026-03-15.xlsx')).toBe(
      `attachment; filename="Stammdaten_2026-03-15.xlsx"; filename*=UTF-8''Stammdaten_2026-03-15.xlsx`,
    );
  });

  it('keeps umlauts in filename* and replaces them in the fallback', () => {
    expect(contentDisposition('Prüfergebnis (neu).csv')).toBe(
      `attachment; filename="Pr_fergebnis (neu).csv"; filename*=UTF-8''Pr%C3%BCfergebnis%20%28neu%29.csv`,
    );
  });

  it('cannot be broken out of by quotes or backslashes', () => {
    expect(contentDisposition('a"b\\c.csv')).toBe(
      `attachment; filename="a_b_c.csv"; filename*=UTF-8''a%22b%5Cc.csv`,
    );
  });
});
