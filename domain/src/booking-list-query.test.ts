import { describe, expect, it } from 'vitest';
import {
  bookingFilterQuerySchema,
  bookingListQuerySchema,
  DEFAULT_BOOKING_LIST_QUERY,
  EMPTY_BOOKING_FILTER,
  exportStatusRestriction,
  pickFilter,
  readBookingListQuery,
  writeBookingListQuery,
  type BookingListQuery,
} from './booking-list-query';
import { BOOKING_MESSAGES, MASTER_DATA_MESSAGES, MESSAGES } from './messages';

const errorsOf = (input: unknown) => {
  const result = bookingListQuerySchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('bookingListQuerySchema', () => {
  it('reads no parameters as the plain list: no filter, newest first, page 1', () => {
    expect(DEFAULT_BOOKING_LIST_QUERY).toEqual({
      searchQuery: '',
      invoiceDateFrom: null,
      invoiceDateUntil: null,
      exportedOnly: false,
      notExportedOnly: false,
      article: null,
      debitor: null,
      creditor: null,
      exportBatch: null,
      sorting: { key: 'creation_date', descending: true },
      page: 1,
    });
    expect(pickFilter(DEFAULT_BOOKING_LIST_QUERY)).toEqual(EMPTY_BOOKING_FILTER);
  });

  it('reads the API’s values: ISO dates at UTC midnight, flags, ids, sort key with _desc', () => {
    expect(
      bookingListQuerySchema.parse({
        page: '3',
        sorting: 'net_desc',
        searchQuery: '  Lager ',
        invoiceDateFrom: '2026-03-01T00:00:00.000Z',
        invoiceDateUntil: '31.03.2026',
        exportedOnly: 'true',
        notExportedOnly: 'false',
        article: '999',
        debitor: '-1',
        creditor: '',
        exportBatch: '12',
      }),
    ).toEqual({
      page: 3,
      sorting: { key: 'net', descending: true },
      searchQuery: 'Lager',
      invoiceDateFrom: '2026-03-01',
      invoiceDateUntil: '2026-03-31',
      exportedOnly: true,
      notExportedOnly: false,
      article: 999,
      debitor: null,
      creditor: null,
      exportBatch: 12,
    });
  });

  it('treats ids of 0 and below as unset', () => {
    for (const id of ['0', '-1', '-7']) {
      expect(bookingListQuerySchema.parse({ article: id }).article).toBeNull();
    }
  });

  it('refuses an id beyond any record, which would otherwise have listed every booking', () => {
    for (const field of ['article', 'debitor', 'creditor', 'exportBatch']) {
      expect(errorsOf({ [field]: '7000270002' })).toEqual([
        { path: field, message: MASTER_DATA_MESSAGES.numberTooLarge(2147483647) },
      ]);
    }
    expect(bookingListQuerySchema.parse({ creditor: '2147483647' }).creditor).toBe(2147483647);
  });

  it('refuses bad values with German messages', () => {
    expect(errorsOf({ sorting: 'price_desc' })).toEqual([
      { path: 'sorting', message: BOOKING_MESSAGES.unknownSorting },
    ]);
    expect(errorsOf({ invoiceDateFrom: '31.02.2026' })).toEqual([
      { path: 'invoiceDateFrom', message: BOOKING_MESSAGES.invalidFilterDate },
    ]);
    for (const bad of [
      { page: '0' },
      { page: 'x' },
      { page: '' },
      { exportedOnly: 'yes' },
      { debitor: 'abc' },
    ]) {
      expect(errorsOf(bad)).toEqual([{ path: Object.keys(bad)[0], message: BOOKING_MESSAGES.invalidValue }]);
    }
    // A search too long says how long it may be.
    expect(errorsOf({ searchQuery: 'x'.repeat(201) })).toEqual([
      { path: 'searchQuery', message: MESSAGES.maxLength(200) },
    ]);
    expect(errorsOf({ page: ['1', '2'] })).toEqual([
      { path: 'page', message: BOOKING_MESSAGES.invalidValue },
    ]);
    expect(errorsOf('page=1')).toEqual([{ path: '', message: MESSAGES.malformedRequest }]);
  });

  it('gives the export the same filter and order, without a page', () => {
    expect(bookingFilterQuerySchema.parse({ page: '2', creditor: '70001' })).toEqual({
      ...EMPTY_BOOKING_FILTER,
      creditor: 70001,
      sorting: { key: 'creation_date', descending: true },
    });
  });
});

describe('exportStatusRestriction', () => {
  it.each([
    [false, false, null],
    [true, false, 'exported'],
    [false, true, 'notExported'],
    // Both boxes ticked mean both states: no restriction.
    [true, true, null],
  ] as const)('exportedOnly %s, notExportedOnly %s → %s', (exportedOnly, notExportedOnly, restriction) => {
    expect(exportStatusRestriction({ exportedOnly, notExportedOnly })).toBe(restriction);
  });
});

describe('the page URL', () => {
  // URLSearchParams' reading and writing of a query string, which domain/ is typed without.
  const parse = (text: string): [string, string][] =>
    text
      .split('&')
      .filter(Boolean)
      .map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]);
  const format = (pairs: [string, string][]) =>
    pairs.map((pair) => pair.map(encodeURIComponent).join('=')).join('&');
  const paramsOf = (pairs: [string, string][]) => ({
    get: (name: string) => pairs.find(([key]) => key === name)?.[1] ?? null,
  });
  const read = (query: string) => readBookingListQuery(paramsOf(parse(query)));

  it('writes the plain list as an empty URL and reads an empty URL as the plain list', () => {
    expect(writeBookingListQuery(DEFAULT_BOOKING_LIST_QUERY)).toEqual([]);
    expect(read('')).toEqual(DEFAULT_BOOKING_LIST_QUERY);
  });

  it('round-trips every parameter, under the API’s names', () => {
    const query: BookingListQuery = {
      searchQuery: 'Rathaus',
      invoiceDateFrom: '2026-01-01',
      invoiceDateUntil: '2026-03-31',
      exportedOnly: true,
      notExportedOnly: true,
      article: 1200,
      debitor: 4711,
      creditor: 70001,
      exportBatch: 12,
      sorting: { key: 'net', descending: false },
      page: 3,
    };
    const params = writeBookingListQuery(query);
    expect(format(params)).toBe(
      'searchQuery=Rathaus&invoiceDateFrom=2026-01-01&invoiceDateUntil=2026-03-31&exportedOnly=true' +
        '&notExportedOnly=true&article=1200&debitor=4711&creditor=70001&exportBatch=12&sorting=net&page=3',
    );
    expect(readBookingListQuery(paramsOf(params))).toEqual(query);
    // What the URL holds, the API reads alike.
    expect(bookingListQuerySchema.parse(Object.fromEntries(params))).toEqual(query);
  });

  it('falls back to the default of each value the API would refuse, keeping the others', () => {
    expect(read('page=0&sorting=price_desc&invoiceDateFrom=31.02.2026&article=abc&exportedOnly=yes')).toEqual(
      DEFAULT_BOOKING_LIST_QUERY,
    );
    expect(read('page=x&debitor=4711')).toEqual({ ...DEFAULT_BOOKING_LIST_QUERY, debitor: 4711 });
  });
});
