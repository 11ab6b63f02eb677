import { describe, expect, it } from 'vitest';
import { hyphenatedAt, SOFT_HYPHEN } from './soft-hyphens';

describe('hyphenatedAt', () => {
  it('puts a soft hyphen between the parts of the label', () => {
    expect(hyphenatedAt('Rechnungsdatum', 'Rechnungs', 'datum')).toBe(`Rechnungs${SOFT_HYPHEN}datum`);
    expect(hyphenatedAt('Exportiert', 'Ex', 'por', 'tiert')).toBe(`Ex${SOFT_HYPHEN}por${SOFT_HYPHEN}tiert`);
  });

  it('leaves a label unbroken whose parts no longer make it up', () => {
    expect(hyphenatedAt('Rechnungstag', 'Rechnungs', 'datum')).toBe('Rechnungstag');
  });
});
