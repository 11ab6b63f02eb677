import { describe, expect, it } from 'vitest';
import { isSaved } from './save-result';

const message = { property: 'Rechnungsnummer', message: 'Pflichtfeld.' };

describe('isSaved', () => {
  it('holds for an answer without errors and warnings', () => {
    expect(isSaved({ errors: [], warnings: [] })).toBe(true);
    expect(isSaved({ errors: [] })).toBe(true);
  });

  it('fails for errors, warnings or both', () => {
    expect(isSaved({ errors: [message], warnings: [] })).toBe(false);
    expect(isSaved({ errors: [], warnings: [message] })).toBe(false);
    expect(isSaved({ errors: [message], warnings: [message] })).toBe(false);
    expect(isSaved({ errors: [message] })).toBe(false);
  });
});
