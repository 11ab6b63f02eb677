import { describe, expect, it } from 'vitest';
import { displayedSearchValues } from './booking-search';

describe('displayedSearchValues', () => {
  it('reads an amount as the list shows it', () => {
    expect(displayedSearchValues('624,00')).toEqual({ net: '624', invoiceDate: null });
    expect(displayedSearchValues(' 1.234,56 € ')).toEqual({ net: '1234.56', invoiceDate: null });
    expect(displayedSearchValues('-12,5')).toEqual({ net: '-12.5', invoiceDate: null });
  });

  it('reads a date as the list shows it', () => {
    expect(displayedSearchValues('27.11.2026')).toEqual({ net: null, invoiceDate: '2026-11-27' });
    expect(displayedSearchValues('1.2.2026')).toEqual({ net: null, invoiceDate: '2026-02-01' });
  });

  it('leaves every other term to the text search', () => {
    for (const term of ['624', 'R1000', '1.234', '31.02.2026', '27.11.26', 'Nord', '12,345', '99.999.999,00'])
      expect(displayedSearchValues(term)).toEqual({ net: null, invoiceDate: null });
  });
});
