import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookingCandidate } from '@lp/domain/booking.schema';
import { bookings } from '../../db/schema';
import { DUPLICATE_KEY_COLUMNS, DUPLICATE_KEY_FIELDS, duplicateKey, duplicateKeyText } from './duplicate-key';

const candidate: BookingCandidate = {
  invoiceDate: '2025-04-03',
  invoiceNumber: 'RE-1',
  net: '5',
  debitorNumber: 10001,
  deliveryLocation: 'Lager',
  articleNumber: 1200,
  additionalInformation: null,
  creditorNumber: 70001,
};

describe('duplicateKey', () => {
  it('is the six values of decisions.md section 4, each a column of the transactions table', () => {
    expect(DUPLICATE_KEY_FIELDS).toEqual([
      'creditorNumber',
      'invoiceNumber',
      'invoiceDate',
      'debitorNumber',
      'articleNumber',
      'net',
    ]);
    const columns = getTableColumns(bookings);
    for (const field of DUPLICATE_KEY_FIELDS) {
      expect(columns[field].name).toBe(DUPLICATE_KEY_COLUMNS[field].column);
    }
  });

  it('ignores delivery location and additional information', () => {
    const other = { ...candidate, deliveryLocation: 'Rathaus', additionalInformation: 'Info' };
    expect(duplicateKeyText(duplicateKey(other)!)).toBe(duplicateKeyText(duplicateKey(candidate)!));
  });

  it('differs when any key value differs', () => {
    const text = duplicateKeyText(duplicateKey(candidate)!);
    for (const change of [
      { creditorNumber: 70002 },
      { invoiceNumber: 'RE-2' },
      { invoiceDate: '2025-04-04' },
      { debitorNumber: 10002 },
      { articleNumber: 1201 },
      { net: '5.01' },
    ]) {
      expect(duplicateKeyText(duplicateKey({ ...candidate, ...change })!)).not.toBe(text);
    }
  });

  it('is null while a key value is missing', () => {
    for (const missing of [
      { creditorNumber: null },
      { invoiceNumber: '' },
      { invoiceDate: null },
      { debitorNumber: null },
      { articleNumber: null },
      { net: null },
    ]) {
      expect(duplicateKey({ ...candidate, ...missing })).toBeNull();
    }
  });

  it('is null for an invoice number with a NUL character (never stored, refused by PostgreSQL)', () => {
    expect(duplicateKey({ ...candidate, invoiceNumber: 'RE-\u00001' })).toBeNull();
  });
});
