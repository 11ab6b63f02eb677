import { describe, expect, it } from 'vitest';
import {
  bookingFormSchema,
  checkBookingFields,
  emptyReportCandidate,
  emptyReportFormSchema,
  formatMonth,
  isEmptyReport,
  toBookingCandidate,
  bookingInputSchema,
  type BookingCandidate,
} from './booking.schema';
import { formatSorting, parseSorting } from './booking-list-query';
import { SORT_KEYS } from './booking-list-query';
import { todayIsoDay } from './dates';
import { BOOKING_LABELS } from './labels';
import { toValidationMessages } from './validation';

const today = '2026-03-15';
const valid: BookingCandidate = {
  invoiceDate: '2026-03-01',
  invoiceNumber: 'RE-1',
  net: '12.5',
  debitorNumber: 10001,
  deliveryLocation: 'Rathaus',
  articleNumber: 1200,
  additionalInformation: null,
  creditorNumber: 70001,
};
const fields = (c: Partial<BookingCandidate>, emptyReport = false) =>
  checkBookingFields({ ...valid, ...c }, { today, emptyReport });

describe('checkBookingFields', () => {
  it('accepts a valid booking, today and the limits themselves', () => {
    expect(fields({})).toEqual([]);
    expect(fields({ invoiceDate: today, net: '-10000000' })).toEqual([]);
    expect(fields({ invoiceDate: '2000-01-01', net: '0.01' })).toEqual([]);
    expect(
      fields({
        invoiceNumber: 'x'.repeat(50),
        deliveryLocation: 'x'.repeat(75),
        additionalInformation: 'x'.repeat(75),
      }),
    ).toEqual([]);
  });

  it('lists missing fields in form order', () => {
    const empty: BookingCandidate = {
      invoiceDate: null,
      invoiceNumber: ' ',
      net: null,
      debitorNumber: null,
      deliveryLocation: '',
      articleNumber: null,
      additionalInformation: null,
      creditorNumber: null,
    };
    expect(checkBookingFields(empty, { today }).map((i) => i.field)).toEqual([
      'invoiceDate',
      'invoiceNumber',
      'net',
      'debitorId',
      'deliveryLocation',
      'articleId',
      'creditorId',
    ]);
    expect(new Set(checkBookingFields(empty, { today }).map((i) => i.message))).toEqual(
      new Set(['Dieses Feld ist ein Pflichtfeld.']),
    );
  });

  it.each([
    [{ invoiceDate: null, rawInvoiceDate: '31.02.2026' }, 'invoiceDate', /gültiges Datum/],
    [{ invoiceDate: '2026-03-16' }, 'invoiceDate', /Zukunft/],
    [
      { invoiceDate: '1999-12-31' },
      'invoiceDate',
      'Das Rechnungsdatum darf nicht vor dem 01.01.2000 liegen.',
    ],
    [{ invoiceNumber: 'x'.repeat(51) }, 'invoiceNumber', 'Maximal 50 Zeichen erlaubt.'],
    [{ net: null, rawNet: 'zwölf' }, 'net', 'Bitte geben Sie eine Zahl ein.'],
    [{ net: '1.005' }, 'net', /zwei Nachkommastellen/],
    [{ net: '0' }, 'net', 'Der Nettobetrag darf nicht 0 sein.'],
    [{ net: '10000000.01' }, 'net', /höchstens 10\.000\.000,00 €/],
    [{ net: '-10000000.01' }, 'net', /höchstens 10\.000\.000,00 €/],
    [{ deliveryLocation: 'x'.repeat(76) }, 'deliveryLocation', 'Maximal 75 Zeichen erlaubt.'],
    [{ additionalInformation: 'x'.repeat(76) }, 'additionalInformation', 'Maximal 75 Zeichen erlaubt.'],
    [{ articleNumber: 999 }, 'articleId', 'Der Artikel 999 ist für Leermeldungen reserviert.'],
    [{ debitorNumber: 999999 }, 'debitorId', 'Der Debitor 999999 ist für Leermeldungen reserviert.'],
  ] as const)('refuses %j', (values, field, message) => {
    expect(fields(values)).toEqual([{ field, message: expect.stringMatching(message) }]);
  });

  it('checks only month and creditor of an empty report', () => {
    const report = emptyReportCandidate('2026-03-15', 70001);
    expect(checkBookingFields(report, { today, emptyReport: true })).toEqual([]);
    expect(
      checkBookingFields({ ...report, invoiceDate: '2026-04-01' }, { today, emptyReport: true }),
    ).toEqual([{ field: 'month', message: 'Der Monat darf nicht in der Zukunft liegen.' }]);
    expect(
      checkBookingFields(
        { ...report, invoiceDate: null, rawInvoiceDate: '13.2026', creditorNumber: null },
        { today, emptyReport: true },
      ),
    ).toEqual([
      { field: 'month', message: 'Bitte geben Sie einen gültigen Monat im Format MM.JJJJ ein.' },
      { field: 'creditorId', message: 'Dieses Feld ist ein Pflichtfeld.' },
    ]);
  });
});

describe('emptyReportCandidate', () => {
  it('has the fixed values of spec section 9 for the first day of the month', () => {
    expect(emptyReportCandidate('2026-03-15', 70001)).toEqual({
      invoiceDate: '2026-03-01',
      invoiceNumber: 'Leermeldung',
      net: '0',
      debitorNumber: 999999,
      deliveryLocation: '–',
      articleNumber: 999,
      additionalInformation: null,
      creditorNumber: 70001,
    });
    expect(isEmptyReport(999, 999999)).toBe(true);
    expect(isEmptyReport(999, 10001)).toBe(false);
    expect(formatMonth('2026-03-01')).toBe('03.2026');
  });
});

describe('toBookingCandidate', () => {
  it('trims texts and parses German and ISO input, keeping what was typed', () => {
    expect(
      toBookingCandidate({
        invoiceDate: ' 5.3.2026 ',
        invoiceNumber: ' RE-1 ',
        net: '1.234,5',
        debitorId: 10001,
        deliveryLocation: ' Rathaus ',
        articleId: 1200,
        additionalInformation: '   ',
        creditorId: null,
      }),
    ).toEqual({
      invoiceDate: '2026-03-05',
      invoiceNumber: 'RE-1',
      net: '1234.5',
      debitorNumber: 10001,
      deliveryLocation: 'Rathaus',
      articleNumber: 1200,
      additionalInformation: null,
      creditorNumber: null,
      creditorSentEmpty: true,
      rawInvoiceDate: ' 5.3.2026 ',
      rawNet: '1.234,5',
    });
    // Invisible characters pasted from a web page or a PDF are no text: the field is empty.
    expect(
      toBookingCandidate({
        invoiceNumber: '\u200bRE-2\ufeff',
        deliveryLocation: '\u200b',
        additionalInformation: '\u2060 \u200d',
      }),
    ).toMatchObject({ invoiceNumber: 'RE-2', deliveryLocation: '', additionalInformation: null });
    expect(toBookingCandidate({ invoiceDate: '2026-03-05T00:00:00.000Z', net: -12.5 })).toMatchObject({
      invoiceDate: '2026-03-05',
      net: '-12.5',
      invoiceNumber: '',
      deliveryLocation: '',
    });
    expect(toBookingCandidate({ invoiceDate: 'gestern', net: 'viel' })).toMatchObject({
      invoiceDate: null,
      net: null,
      rawInvoiceDate: 'gestern',
      rawNet: 'viel',
    });
  });
});

describe('bookingInputSchema', () => {
  it('checks types only; unset selects (-1, 0) count as missing; unknown fields are dropped', () => {
    const parsed = bookingInputSchema.parse({
      invoiceDate: null,
      net: 5,
      debitorId: -1,
      articleId: 0,
      creditorId: 70001,
      exportDate: '2020-01-01',
      id: 3,
      version: 2,
    });
    expect(parsed).toEqual({
      invoiceDate: null,
      net: 5,
      debitorId: null,
      articleId: null,
      creditorId: 70001,
      version: 2,
    });
  });

  it.each([
    { net: true },
    { debitorId: '10001' },
    { debitorId: 1.5 },
    { invoiceNumber: 5 },
    { version: 0 },
    { articleId: 2 ** 31 },
  ])('refuses %j with a German message', (body) => {
    const result = bookingInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(toValidationMessages(result.error!, BOOKING_LABELS)[0]?.message).toBe(
      'Der Wert hat ein ungültiges Format.',
    );
  });
});

describe('bookingFormSchema', () => {
  const form = {
    invoiceDate: '05.03.2025',
    invoiceNumber: 'RE-1',
    net: '1.234,50',
    debitorId: 10001,
    deliveryLocation: 'Rathaus',
    articleId: 1200,
    additionalInformation: '',
    creditorId: 70001,
  };

  it('outputs the body to send: wire date, exact amount, trimmed texts', () => {
    expect(bookingFormSchema.parse(form)).toEqual({
      invoiceDate: '2025-03-05T00:00:00.000Z',
      invoiceNumber: 'RE-1',
      net: '1234.5',
      debitorId: 10001,
      deliveryLocation: 'Rathaus',
      articleId: 1200,
      additionalInformation: null,
      creditorId: 70001,
    });
    expect(bookingFormSchema.parse({ ...form, net: 12, version: 3 })).toMatchObject({
      net: '12',
      version: 3,
    });
  });

  it('reports the same rules as the server, per field and with the German labels', () => {
    const result = bookingFormSchema.safeParse({
      ...form,
      invoiceDate: '31.02.2025',
      net: '0',
      debitorId: null,
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0])).toEqual(['invoiceDate', 'net', 'debitorId']);
    expect(toValidationMessages(result.error!, BOOKING_LABELS)).toEqual([
      {
        property: 'Rechnungsdatum',
        message:
          'Den 31.02.2025 gibt es nicht im Kalender. Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.',
      },
      { property: 'Nettobetrag', message: 'Der Nettobetrag darf nicht 0 sein.' },
      { property: 'Kunde/Debitor', message: 'Dieses Feld ist ein Pflichtfeld.' },
    ]);
  });
});

describe('emptyReportFormSchema', () => {
  it('outputs an empty report of the month', () => {
    expect(emptyReportFormSchema.parse({ month: '03.2025', creditorId: 70001 })).toEqual({
      invoiceDate: '2025-03-01T00:00:00.000Z',
      invoiceNumber: 'Leermeldung',
      net: '0',
      debitorId: 999999,
      deliveryLocation: '–',
      articleId: 999,
      additionalInformation: null,
      creditorId: 70001,
    });
  });

  it('refuses an unreadable, early or future month and a missing creditor', () => {
    const [year, month] = todayIsoDay().split('-').map(Number) as [number, number];
    const next = month === 12 ? `01.${year + 1}` : `${String(month + 1).padStart(2, '0')}.${year}`;
    const messages = (values: { month: string; creditorId: number | null }) =>
      emptyReportFormSchema.safeParse(values).error?.issues.map((i) => [i.path[0], i.message]);
    expect(messages({ month: '13.2025', creditorId: 70001 })).toEqual([
      ['month', expect.stringMatching(/gültigen Monat/)],
    ]);
    expect(messages({ month: '12.1999', creditorId: 70001 })).toEqual([
      ['month', 'Der Monat darf nicht vor 01.2000 liegen.'],
    ]);
    expect(messages({ month: next, creditorId: 70001 })).toEqual([
      ['month', 'Der Monat darf nicht in der Zukunft liegen.'],
    ]);
    expect(messages({ month: '', creditorId: null })).toEqual([
      ['month', 'Dieses Feld ist ein Pflichtfeld.'],
      ['creditorId', 'Dieses Feld ist ein Pflichtfeld.'],
    ]);
  });
});

describe('parseSorting / formatSorting', () => {
  it.each(SORT_KEYS.map((key) => [key]))('round-trips %s in both directions', (key) => {
    expect(parseSorting(key)).toEqual({ key, descending: false });
    expect(parseSorting(`${key}_desc`)).toEqual({ key, descending: true });
    expect(formatSorting({ key, descending: true })).toBe(`${key}_desc`);
  });

  it.each(['', 'price', 'net_DESC', '_desc', 'net_desc_desc'])('refuses %j', (value) => {
    expect(parseSorting(value)).toBeNull();
  });
});
