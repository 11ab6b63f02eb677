import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  EMPTY_FILTER,
  hasPanelFilter,
  listQuery,
  mayIncludeExported,
  nextSorting,
  readListState,
  withFilter,
  withSorting,
  writeListState,
  type ListState,
} from './list-state';

const read = (query: string) => readListState(new URLSearchParams(query));
const DEFAULT_STATE: ListState = {
  filter: EMPTY_FILTER,
  sorting: { key: 'creation_date', descending: true },
  page: 1,
};

describe('list state in the URL', () => {
  it('reads an empty URL as the unfiltered list, newest first, page 1', () => {
    expect(read('')).toEqual(DEFAULT_STATE);
  });

  it('writes the default state as an empty URL', () => {
    expect(writeListState(DEFAULT_STATE).toString()).toBe('');
  });

  it('round-trips every filter, the sorting and the page', () => {
    const state: ListState = {
      filter: {
        searchQuery: 'Rathaus',
        invoiceDateFrom: '2026-01-01',
        invoiceDateUntil: '2026-03-31',
        exportedOnly: false,
        notExportedOnly: true,
        article: 1200,
        debitor: 4711,
        creditor: 70001,
        exportBatch: 12,
      },
      sorting: { key: 'net', descending: false },
      page: 3,
    };
    const params = writeListState(state);
    expect(params.toString()).toBe(
      'searchQuery=Rathaus&invoiceDateFrom=2026-01-01&invoiceDateUntil=2026-03-31&notExportedOnly=true' +
        '&article=1200&debitor=4711&creditor=70001&exportBatch=12&sorting=net&page=3',
    );
    expect(readListState(params)).toEqual(state);
  });

  it('falls back to defaults for values it cannot read', () => {
    expect(
      read('page=0&sorting=price_desc&invoiceDateFrom=31.02.2026&article=-1&debitor=abc&exportedOnly=yes'),
    ).toEqual(DEFAULT_STATE);
    expect(read('page=-2').page).toBe(1);
  });

  it('accepts a German date typed into the URL', () => {
    expect(read('invoiceDateUntil=15.03.2026').filter.invoiceDateUntil).toBe('2026-03-15');
  });
});

describe('list state as the API query', () => {
  it('sends the page, the sort key with _desc and nothing for unset filters', () => {
    expect(listQuery(DEFAULT_STATE)).toEqual({
      page: 1,
      sorting: 'creation_date_desc',
      invoiceDateFrom: undefined,
      invoiceDateUntil: undefined,
      searchQuery: undefined,
      exportedOnly: undefined,
      notExportedOnly: undefined,
      article: undefined,
      creditor: undefined,
      debitor: undefined,
      exportBatch: undefined,
    });
  });

  it('sends dates as ISO at UTC midnight, flags as true and ids only above 0', () => {
    const state = withFilter(DEFAULT_STATE, {
      searchQuery: '  Lager ',
      invoiceDateFrom: '2026-03-01',
      exportedOnly: true,
      article: 999,
      debitor: null,
    });
    expect(listQuery(state)).toMatchObject({
      invoiceDateFrom: '2026-03-01T00:00:00.000Z',
      searchQuery: 'Lager',
      exportedOnly: true,
      article: 999,
      debitor: undefined,
    });
  });
});

describe('changing the list', () => {
  it('goes back to page 1 when the filter changes', () => {
    const onPage4 = { ...DEFAULT_STATE, page: 4 };
    expect(withFilter(onPage4, { article: 1200 })).toMatchObject({ page: 1, filter: { article: 1200 } });
  });

  it('goes back to page 1 when the sorting changes', () => {
    const onPage2 = { ...DEFAULT_STATE, page: 2 };
    expect(withSorting(onPage2, { key: 'net', descending: true })).toMatchObject({
      page: 1,
      sorting: { key: 'net', descending: true },
    });
  });

  it('toggles the direction on the same column and sorts another column ascending', () => {
    const byNet = nextSorting({ key: 'creation_date', descending: true }, 'net');
    expect(byNet).toEqual({ key: 'net', descending: false });
    const byNetDesc = nextSorting(byNet, 'net');
    expect(byNetDesc).toEqual({ key: 'net', descending: true });
    expect(nextSorting(byNetDesc, 'net')).toEqual({ key: 'net', descending: false });
    expect(nextSorting(byNetDesc, 'invoice_date')).toEqual({ key: 'invoice_date', descending: false });
  });

  it('names the direction of the sorted column only', () => {
    const sorting = { key: 'net' as const, descending: true };
    expect(ariaSort(sorting, 'net')).toBe('descending');
    expect(ariaSort({ ...sorting, descending: false }, 'net')).toBe('ascending');
    expect(ariaSort(sorting, 'location')).toBeUndefined();
  });

  it('knows when the filter panel holds a filter and when exported bookings may be included', () => {
    expect(hasPanelFilter(EMPTY_FILTER)).toBe(false);
    expect(hasPanelFilter({ ...EMPTY_FILTER, searchQuery: 'x' })).toBe(false);
    expect(hasPanelFilter({ ...EMPTY_FILTER, creditor: 7 })).toBe(true);
    expect(hasPanelFilter({ ...EMPTY_FILTER, exportBatch: 3 })).toBe(true);
    expect(mayIncludeExported(EMPTY_FILTER)).toBe(true);
    expect(mayIncludeExported({ ...EMPTY_FILTER, notExportedOnly: true })).toBe(false);
    expect(mayIncludeExported({ ...EMPTY_FILTER, notExportedOnly: true, exportedOnly: true })).toBe(true);
  });
});
