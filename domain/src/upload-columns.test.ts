import { describe, expect, it } from 'vitest';
import { parseCalendarDate } from './dates';
import { BOOKING_EXPORT_COLUMNS } from './labels';
import { parseAmount } from './numbers';
import {
  findUploadColumn,
  isTemplateExampleRow,
  normaliseHeader,
  UPLOAD_COLUMNS,
  uploadMessageProperty,
} from './upload-columns';

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

describe('isTemplateExampleRow', () => {
  const example = {
    invoiceDate: '2025-03-15',
    invoiceNumber: 'RE-2025-0815',
    debitorNumber: 10001,
    articleNumber: 1200,
    net: '1234.56',
  };

  it('knows the example row of the templates', () => {
    expect(isTemplateExampleRow(example)).toBe(true);
  });

  it('takes a row that differs in any of its fields for a booking', () => {
    for (const change of [
      { invoiceNumber: 'RE-2025-0816' },
      { invoiceDate: '2025-03-16' },
      { debitorNumber: 10002 },
      { articleNumber: 1201 },
      { net: '1234.57' },
    ])
      expect(isTemplateExampleRow({ ...example, ...change })).toBe(false);
  });
});
