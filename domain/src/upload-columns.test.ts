import { describe, expect, it } from 'vitest';
import { parseCalendarDate } from './dates';
import { BOOKING_EXPORT_COLUMNS } from './labels';
import { parseAmount } from './numbers';
import { findUploadColumn, normaliseHeader, UPLOAD_COLUMNS, uploadMessageProperty } from './upload-columns';

describe('upload columns', () => {
  it('match headers ignoring case and every kind of space', () => {
    expect(normaliseHeader(' Rechnungs\u00a0Datum\t')).toBe('rechnungsdatum');
    expect(findUploadColumn('NETTOBETRAG')?.key).toBe('net');
    expect(findUploadColumn('bestell-/rechnungs nummer')?.key).toBe('invoiceNumber');
    expect(findUploadColumn('Rechnungsnummer')?.key).toBe('invoiceNumber');
    expect(findUploadColumn('__proto__')).toBeUndefined();
    expect(findUploadColumn('constructor')).toBeUndefined();
    expect(findUploadColumn('Debitorname')).toBeUndefined();
  });

  it('cover the bookings export, so that an exported file uploads back', () => {
    const exported = Object.values(BOOKING_EXPORT_COLUMNS).map((header) => findUploadColumn(header)?.key);
    expect(exported.filter(Boolean).sort()).toEqual(UPLOAD_COLUMNS.map((c) => c.key).sort());
  });

  it('have examples in the formats they describe', () => {
    for (const column of UPLOAD_COLUMNS) {
      if (column.kind === 'date') expect(parseCalendarDate(column.example)).not.toBeNull();
      if (column.kind === 'amount') expect(parseAmount(column.example)).not.toBeNull();
      if (column.kind === 'number') expect(column.example).toMatch(/^\d+$/);
    }
    expect(new Set(UPLOAD_COLUMNS.map((c) => normaliseHeader(c.header))).size).toBe(UPLOAD_COLUMNS.length);
  });
});

describe('uploadMessageProperty', () => {
  it.each([
    ['Kunde/Debitor', 'Debitornummer'],
    ['Artikel', 'Artikelnummer'],
    ['Kreditor', 'Kreditornummer'],
    ['Bestell-/Rechnungsnummer', 'Rechnungsnummer'],
    ['Rechnungsdatum', 'Rechnungsdatum'],
    ['', ''],
    ['Monat', 'Monat'],
  ])('names the file column of %j: %j', (property, expected) => {
    expect(uploadMessageProperty(property)).toBe(expected);
  });
});
