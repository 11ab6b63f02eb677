import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it('reads the quoted and the bare form', () => {
    expect(fileNameFromContentDisposition('attachment; filename="Buchungen.csv"')).toBe('Buchungen.csv');
    expect(fileNameFromContentDisposition('attachment; filename=Artikel.csv')).toBe('Artikel.csv');
  });

  it('prefers the UTF-8 form, which keeps umlauts', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="Pruefergebnis.csv"; filename*=UTF-8''Pr%C3%BCfergebnis.csv`,
      ),
    ).toBe('Prüfergebnis.csv');
  });

  it('keeps only the last path segment', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/Stammdaten.xlsx"')).toBe(
      'Stammdaten.xlsx',
    );
  });

  it('returns null without a file name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('inline')).toBeNull();
  });
});
