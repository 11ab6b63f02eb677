// Which plan reads a page (bookings.page-plan.ts). Every plan answers the same rows
// (bookings-page-plans.api.test.ts); this pins the choices docs/performance.md measured, so that a slower
// plan does not come back unnoticed: the bench would show it, the suite would not.
import { describe, expect, it } from 'vitest';
import type { Sorting } from '@lp/domain/booking-list-query';
import type { BookingScope } from '@lp/domain/policies';
import type { BookingFilter } from './bookings.filter';
import type { MatchRange } from './bookings.match-range';
import {
  deepWalkBudget,
  EARLY_GROUPED_MATCHES_OFFSET,
  GROUPED_MATCHES_OFFSET,
  keepsMatchIds,
  listOrder,
  listShape,
  MATCHES_FIRST_LIMIT,
  matchesInIdOrder,
  pagePlan,
  RANGE_GROUPED_OFFSET,
  readsMatchIdsAfter,
  SLOW_FIRST_PAGE_MS,
} from './bookings.page-plan';
import type { SearchMatches } from './bookings.search';

const admin: BookingScope = { allCreditors: true };
const supplier: BookingScope = { allCreditors: false, creditorNumber: 70_001 };
const newestFirst: Sorting = { key: 'creation_date', descending: true };
const byDebitorName: Sorting = { key: 'debitor_name', descending: false };
/** A search for "Bornheim": a few debitors, no creditor. */
const bornheim: SearchMatches = {
  pattern: '%Bornheim%',
  debitors: [10_050, 10_051],
  articles: [],
  creditors: [],
  locations: [],
  everyCreditor: false,
  net: null,
  invoiceDate: null,
};

const planOf = (
  filter: BookingFilter,
  scope: BookingScope,
  total: number,
  {
    sorting = newestFirst,
    offset = 0,
    search,
  }: { sorting?: Sorting; offset?: number; search?: SearchMatches } = {},
) => {
  const shape = listShape(filter, scope, search);
  return pagePlan(total, offset, listOrder(sorting, shape), shape);
};

describe('page plan of a list with few matches', () => {
  it('reads a debitor, an article or both in one statement, for the admin and the supplier', () => {
    expect(planOf({ debitor: 10_701 }, admin, 440)).toBe('direct');
    expect(planOf({ article: 1_021 }, admin, 12)).toBe('direct');
    expect(planOf({ debitor: 10_701, article: 1_021, creditor: 70_011 }, admin, 3)).toBe('direct');
    expect(planOf({ debitor: 10_701 }, supplier, 44, { sorting: byDebitorName, offset: 0 })).toBe('direct');
    expect(planOf({ article: 1_021 }, supplier, 471, { offset: 450 })).toBe('direct');
  });

  it('collects the ids of the matches first when anything else restricts', () => {
    expect(planOf({ article: 1_021, invoiceDateFrom: '2024-10-31' }, admin, 506)).toBe('matchesFirst');
    expect(planOf({ debitor: 10_701, exportedOnly: true }, admin, 220)).toBe('matchesFirst');
    expect(planOf({ exportBatch: 7 }, admin, 900)).toBe('matchesFirst');
    expect(planOf({ searchQuery: 'Bornheim' }, admin, 5, { search: bornheim })).toBe('matchesFirst');
    expect(planOf({ debitor: 10_050, searchQuery: 'Bornheim' }, supplier, 35, { search: bornheim })).toBe(
      'matchesFirst',
    );
  });

  it('keeps the plans of many matches whatever restricts them', () => {
    const many = MATCHES_FIRST_LIMIT + 1;
    expect(planOf({ debitor: 10_701 }, admin, 10 * many)).toBe('direct');
    expect(planOf({ debitor: 10_701 }, admin, 10 * many, { offset: 1_000 })).toBe('idsFirst');
    expect(planOf({ article: 1_021 }, supplier, many, { sorting: byDebitorName })).toBe('sortedMatches');
  });

  it("sorts up to 10,000 matches of equalities alone over every creditor's bookings, at every offset", () => {
    // PostgreSQL walked the net's index for an article of 1,643 bookings, 32,302 others passed (76–131 ms).
    const byNetDescending: Sorting = { key: 'net', descending: true };
    expect(planOf({ article: 1_297 }, admin, 1_643, { sorting: byNetDescending })).toBe('sortedMatches');
    expect(planOf({ debitor: 10_701 }, admin, 10_000, { offset: 5_000 })).toBe('sortedMatches');
    expect(planOf({ article: 1_054 }, admin, 10_001)).toBe('direct');
    // One creditor's: its own plans (below).
    expect(planOf({ article: 1_054, creditor: 70_001 }, admin, 4_033)).toBe('direct');
  });
});

describe('page plan of a list sorted by a column its filter fixes', () => {
  // One value on every match: the id orders them, walked in the equality's index or the primary key
  // (an article's last page by article name: 2.8 s through the name's index, docs/performance.md).
  const byArticleName: Sorting = { key: 'article_name', descending: true };
  const byCreditorName: Sorting = { key: 'creditor_name', descending: false };

  it('reads the matches in id order, the ids of a deep page first', () => {
    expect(planOf({ article: 1_001 }, admin, 57_804, { sorting: byArticleName })).toBe('direct');
    expect(planOf({ article: 1_001 }, admin, 57_804, { sorting: byArticleName, offset: 28_900 })).toBe(
      'idsFirst',
    );
    expect(planOf({ debitor: 10_701 }, supplier, 5_000, { sorting: byDebitorName, offset: 1_450 })).toBe(
      'idsFirst',
    );
    expect(planOf({}, supplier, 74_449, { sorting: byCreditorName, offset: 4_950 })).toBe('idsFirst');
    expect(planOf({ creditor: 70_011 }, admin, 22_889, { sorting: byCreditorName })).toBe('direct');
    // Anything else restricting is checked in the equality's index: the ids first.
    expect(planOf({ exportedOnly: true }, supplier, 37_218, { sorting: byCreditorName })).toBe('idsFirst');
  });

  it("finds one creditor's bookings of one export status in the creditor's index at every offset", () => {
    for (const key of ['creation_date', 'invoice_date', 'net', 'article_name'] as const)
      for (const offset of [0, 18_600]) {
        const sorting = { key, descending: false };
        expect(planOf({ notExportedOnly: true }, supplier, 37_231, { sorting, offset })).toBe('idsFirst');
      }
    // Both boxes ticked restrict nothing.
    expect(planOf({ exportedOnly: true, notExportedOnly: true }, supplier, 74_449)).toBe('direct');
  });

  it('names the keys each equality fixes, and only those', () => {
    const fixed = (filter: BookingFilter, scope: BookingScope) => listShape(filter, scope).fixedKeys;
    expect(fixed({}, admin)).toEqual({});
    expect(fixed({}, supplier)).toEqual({
      creditor_number: 'creditor_number',
      creditor_name: 'creditor_number',
    });
    expect(fixed({ debitor: 10_701, article: 1_001 }, admin)).toEqual({
      debitor_number: 'debitor_number',
      debitor_name: 'debitor_number',
      article_name: 'article_number',
    });
    expect(listOrder(byDebitorName, listShape({ article: 1_001 }, admin)).fixedBy).toBeUndefined();
    expect(listOrder(byArticleName, listShape({ article: 1_001 }, admin)).fixedBy).toBe('article_number');
  });
});

describe('page plan of a list its filter restricts by columns the order indexes carry', () => {
  // The invoice dates, the export status and the article are checked in the order's index while the
  // page's ids are walked there, from the first page on (migration 0030).
  const byNet: Sorting = { key: 'net', descending: false };

  it('finds the ids first at every offset', () => {
    expect(planOf({ exportedOnly: true }, admin, 499_394, { sorting: byNet })).toBe('idsFirst');
    expect(planOf({ notExportedOnly: true, article: 1_001 }, admin, 28_000, { sorting: byNet })).toBe(
      'idsFirst',
    );
    expect(planOf({ invoiceDateFrom: '2024-11-01' }, admin, 82_089, { sorting: byNet, offset: 50 })).toBe(
      'idsFirst',
    );
  });

  it('leaves the whole list, equalities alone, one creditor and searches to the other plans', () => {
    expect(planOf({}, admin, 1_000_000, { sorting: byNet })).toBe('direct');
    expect(planOf({ article: 1_001 }, admin, 57_804, { sorting: byNet })).toBe('direct');
    expect(planOf({ exportedOnly: true, searchQuery: 'Bornheim' }, admin, 2_500, { search: bornheim })).toBe(
      'sortedMatches',
    );
  });
});

describe('page plan of a search over every creditor with many matches', () => {
  // An invoice-number prefix of the oldest bookings: 87,696 matches, walked for from the newest,
  // passed 693,099 others (233–264 ms); walked within a budget, then sorted: 77 ms.
  const prefix: SearchMatches = { ...bornheim, pattern: '%R1000%', debitors: [] };

  it('walks for its first twenty pages within a budget, then sorts', () => {
    expect(planOf({ searchQuery: 'R1000' }, admin, 87_696, { search: prefix })).toBe('walkThenSort');
    expect(planOf({ searchQuery: 'R1000' }, admin, 87_696, { search: prefix, offset: 950 })).toBe(
      'walkThenSort',
    );
    expect(
      planOf({ searchQuery: 'R1000', exportedOnly: true }, admin, 40_000, {
        search: prefix,
        sorting: byDebitorName,
      }),
    ).toBe('walkThenSort');
  });

  it('sorts up to 10,000 matches at every offset, and up to 100,000 from page 21 on where they gather', () => {
    expect(planOf({ searchQuery: 'R1000' }, admin, 10_000, { search: prefix })).toBe('sortedMatches');
    expect(planOf({ searchQuery: 'R1000' }, admin, 87_696, { search: prefix, offset: 1_000 })).toBe(
      'sortedMatches',
    );
    expect(planOf({ searchQuery: 'R1000' }, admin, 100_000, { search: prefix, offset: 49_950 })).toBe(
      'sortedMatches',
    );
    // More: the sort grows past the walk (250,450 matches, page 2000: 254 against 154 ms).
    expect(planOf({ searchQuery: 'R1000' }, admin, 250_450, { search: prefix, offset: 99_950 })).toBe(
      'idsFirst',
    );
    // An order that spreads them evenly: walked (page 100 by debitor name 44 ms, sorted 97 ms).
    expect(
      planOf({ searchQuery: 'R1000' }, admin, 87_696, {
        search: prefix,
        offset: 4_950,
        sorting: byDebitorName,
      }),
    ).toBe('idsFirst');
  });

  it('reads a large export batch as a search: walked for first, then sorted', () => {
    // Its bookings were those not exported when it ran: they lie together in the orders of when
    // bookings were made, often far from the newest.
    const marked: BookingFilter = { exportBatch: 3, batchReexported: false };
    expect(planOf(marked, admin, 75_212)).toBe('walkThenSort');
    expect(planOf(marked, admin, 75_212, { offset: 4_950 })).toBe('sortedMatches');
    expect(planOf(marked, admin, 9_000, { offset: 4_950 })).toBe('sortedMatches');
    // So is one that exported bookings again: its re-exports are read through the primary key.
    const reexported: BookingFilter = { exportBatch: 2, batchReexported: true };
    expect(planOf(reexported, admin, 74_449)).toBe('walkThenSort');
    expect(planOf(reexported, admin, 74_449, { offset: 4_950 })).toBe('sortedMatches');
    expect(planOf(reexported, admin, 5_000, { offset: 1_000 })).toBe('sortedMatches');
    // Both keep the ids of their pages.
    expect(keepsMatchIds(75_212, 0, listShape(marked, admin))).toBe(true);
    expect(keepsMatchIds(74_449, 4_950, listShape(reexported, admin))).toBe(true);
  });

  it('reads pages of a large search by the ids of all matches, read after deep or slow pages', () => {
    const keeps = (filter: BookingFilter, scope: BookingScope, total: number, offset: number) =>
      keepsMatchIds(total, offset, listShape(filter, scope, filter.searchQuery ? prefix : undefined));
    expect(keeps({ searchQuery: 'R1000' }, admin, 87_696, 1_000)).toBe(true);
    expect(keeps({ searchQuery: 'R1000' }, supplier, 22_252, 4_950)).toBe(true);
    expect(keeps({ searchQuery: 'R1000' }, admin, 87_696, 0)).toBe(true);
    expect(keeps({ searchQuery: 'R1000' }, admin, 87_696, 87_696)).toBe(false);
    // Read after every deep page, and after a first page only when it took a sort of all matches.
    expect(readsMatchIdsAfter(1_000, 3)).toBe(true);
    expect(readsMatchIdsAfter(950, 3)).toBe(false);
    expect(readsMatchIdsAfter(0, SLOW_FIRST_PAGE_MS)).toBe(true);
    expect(keeps({ searchQuery: 'R1000' }, admin, 10_000, 5_000)).toBe(false);
    expect(keeps({ article: 1_001 }, admin, 57_804, 20_000)).toBe(false);
  });

  it("walks for one creditor's search in an order of an index led by the creditor, then sorts", () => {
    // PostgreSQL's own plans read each booking walked: pages 1 and 20 of the creditor's oldest
    // invoices' prefix took 127–167 ms; walked within a budget, then sorted, 31–46 ms.
    expect(planOf({ searchQuery: 'R1000' }, supplier, 22_252, { search: prefix, offset: 950 })).toBe(
      'walkThenSort',
    );
    expect(planOf({ searchQuery: 'R1000', creditor: 70_001 }, admin, 22_252, { search: prefix })).toBe(
      'walkThenSort',
    );
    expect(planOf({ searchQuery: 'R1000' }, supplier, 22_252, { search: prefix, offset: 1_000 })).toBe(
      'sortedMatches',
    );
    // Other orders keep the plans of one creditor's list.
    expect(
      planOf({ searchQuery: 'R1000' }, supplier, 22_252, { search: prefix, sorting: byDebitorName }),
    ).toBe('sortedMatches');
  });
});

describe("page plan of one creditor's filtered list in an order of repeating values", () => {
  // Filtered: the whole list by debitor is grouped by the totals (below).
  const oneCreditor = (key: Sorting['key'], offset: number) =>
    planOf({ exportedOnly: true }, supplier, 37_218, { sorting: { key, descending: false }, offset });

  it('reads debitor names and locations grouped by value from the early offset on', () => {
    for (const key of ['debitor_name', 'location'] as const) {
      expect(oneCreditor(key, EARLY_GROUPED_MATCHES_OFFSET - 50)).toBe('sortedMatches');
      expect(oneCreditor(key, EARLY_GROUPED_MATCHES_OFFSET)).toBe('groupedMatches');
    }
  });

  it('sorts debitor numbers up to the later offset', () => {
    expect(oneCreditor('debitor_number', EARLY_GROUPED_MATCHES_OFFSET)).toBe('sortedMatches');
    expect(oneCreditor('debitor_number', GROUPED_MATCHES_OFFSET - 50)).toBe('sortedMatches');
    expect(oneCreditor('debitor_number', GROUPED_MATCHES_OFFSET)).toBe('groupedMatches');
  });

  it('walks the index of the creditor and the article name at every depth, as for the net', () => {
    // Restricted by dates: the export status is sorted out of the covering index (below).
    const inRange = (key: Sorting['key'], offset: number) =>
      planOf({ invoiceDateFrom: '2024-01-01' }, supplier, 37_218, {
        sorting: { key, descending: false },
        offset,
      });
    for (const key of ['article_name', 'net'] as const) {
      expect(inRange(key, 0)).toBe('direct');
      expect(inRange(key, GROUPED_MATCHES_OFFSET - 50)).toBe('idsFirst');
      expect(inRange(key, 29_950)).toBe('idsFirst');
    }
  });
});

describe('page plan of a list in the orders the derived totals group', () => {
  const byCreditorNumber: Sorting = { key: 'creditor_number', descending: false };

  it("finds the groups of the whole list's deep pages in the totals", () => {
    for (const key of ['creditor_number', 'creditor_name', 'invoice_date'] as const)
      for (const descending of [false, true]) {
        const sorting = { key, descending };
        expect(planOf({}, admin, 1_000_000, { sorting })).toBe('direct');
        expect(planOf({}, admin, 1_000_000, { sorting, offset: 950 })).toBe('direct');
        expect(planOf({}, admin, 1_000_000, { sorting, offset: 1_000 })).toBe('totalGroups');
        expect(planOf({}, admin, 1_000_000, { sorting, offset: 500_000 })).toBe('totalGroups');
      }
    // One export status too, on every page: the exported month totals count its groups (migration
    // 0032), so even its first page skips the groups the other status fills.
    for (const status of [{ exportedOnly: true }, { notExportedOnly: true }])
      for (const key of ['creditor_number', 'creditor_name', 'invoice_date'] as const)
        for (const offset of [0, 950, 1_000, 249_950]) {
          const sorting = { key, descending: offset % 100 === 0 };
          expect(planOf(status, admin, 500_000, { sorting, offset })).toBe('totalGroups');
        }
    // A search that every booking matches restricts nothing: still the whole list.
    const everyBooking: SearchMatches = { ...bornheim, everyCreditor: true };
    expect(
      planOf({ searchQuery: 'e' }, admin, 1_000_000, {
        sorting: byCreditorNumber,
        offset: 100_000,
        search: everyBooking,
      }),
    ).toBe('totalGroups');
  });

  it("finds every page of one creditor's whole list by debitor in the totals", () => {
    for (const key of ['debitor_number', 'debitor_name'] as const)
      for (const offset of [0, 1_450, 4_950, 49_950]) {
        const sorting = { key, descending: offset % 2 === 0 };
        expect(planOf({}, supplier, 74_449, { sorting, offset })).toBe('totalGroups');
        expect(planOf({ creditor: 70_011 }, admin, 22_889, { sorting, offset })).toBe('totalGroups');
      }
  });

  it('keeps the other plans when anything restricts the list, or in another order', () => {
    const deep = { sorting: byCreditorNumber, offset: 100_000 };
    expect(planOf({ exportedOnly: true, article: 1_001 }, admin, 30_000, deep)).toBe('idsFirst');
    expect(planOf({ exportedOnly: true, invoiceDateFrom: '2025-07-01' }, admin, 80_000, deep)).toBe(
      'idsFirst',
    );
    expect(planOf({ debitor: 10_701 }, admin, 200_000, deep)).toBe('idsFirst');
    expect(planOf({}, admin, 1_000_000, { ...deep, sorting: { key: 'net', descending: false } })).toBe(
      'idsFirst',
    );
    expect(planOf({}, supplier, 74_449, { ...deep, offset: 50_000 })).toBe('idsFirst');
    expect(planOf({ invoiceDateFrom: '2024-10-31' }, supplier, 6_264, { sorting: byDebitorName })).toBe(
      'sortedMatches',
    );
    // One creditor's bookings of one export status by debitor: the debitor totals count both states.
    expect(planOf({ exportedOnly: true }, supplier, 37_218, { sorting: byDebitorName, offset: 4_950 })).toBe(
      'groupedMatches',
    );
    expect(planOf({ notExportedOnly: true }, supplier, 37_231, { sorting: byDebitorName, offset: 100 })).toBe(
      'sortedMatches',
    );
    // Every creditor's bookings by debitor: the sum of all creditors' debitor totals costs more.
    expect(planOf({}, admin, 1_000_000, { sorting: byDebitorName, offset: 100_000 })).toBe('idsFirst');
  });
});

describe("page plan of a deep page of a large filter every creditor's order index checks", () => {
  const range = { invoiceDateFrom: '2025-10-01', invoiceDateUntil: '2025-12-30' };
  const byLocation: Sorting = { key: 'location', descending: false };

  it('walks the order index, its sort kept out of the plan, from page 21 of 50,000 matches on', () => {
    for (const sorting of [byDebitorName, byLocation, { key: 'net', descending: true } as const]) {
      expect(planOf({ article: 1_001 }, admin, 57_804, { sorting, offset: 28_900 })).toBe('walkedIds');
      expect(planOf(range, admin, 82_000, { sorting, offset: 1_000 })).toBe('walkedIds');
      expect(planOf({ ...range, exportedOnly: true }, admin, 50_000, { sorting, offset: 24_950 })).toBe(
        'walkedIds',
      );
    }
  });

  it('leaves the first pages, smaller filters and other lists to the other plans', () => {
    expect(planOf({ article: 1_001 }, admin, 57_804, { sorting: byDebitorName, offset: 950 })).toBe('direct');
    expect(planOf({ article: 1_002 }, admin, 49_999, { sorting: byDebitorName, offset: 24_950 })).toBe(
      'idsFirst',
    );
    // The supplier's own lists, a debitor (not checked in the index), the whole list.
    expect(planOf({ article: 1_001 }, supplier, 50_000, { sorting: byDebitorName, offset: 9_950 })).not.toBe(
      'walkedIds',
    );
    expect(planOf({ debitor: 10_701 }, admin, 200_000, { sorting: byDebitorName, offset: 9_950 })).toBe(
      'idsFirst',
    );
    expect(planOf({}, admin, 1_000_000, { sorting: byDebitorName, offset: 500_000 })).toBe('idsFirst');
    // The creditor number's index does not carry the article; the article name is fixed by the article.
    expect(
      planOf({ article: 1_001 }, admin, 57_804, {
        sorting: { key: 'creditor_number', descending: false },
        offset: 9_950,
      }),
    ).toBe('idsFirst');
    expect(
      planOf({ article: 1_001 }, admin, 57_804, {
        sorting: { key: 'article_name', descending: false },
        offset: 9_950,
      }),
    ).toBe('idsFirst');
    // A range in an order that follows the invoice dates lies together in the index, not spread.
    expect(
      planOf(range, admin, 120_000, { sorting: { key: 'creation_date', descending: false }, offset: 60_000 }),
    ).toBe('idsFirst');
  });
});

describe("page plan of an invoice-date range over every creditor's bookings, in an order that follows the dates", () => {
  const range = { invoiceDateFrom: '2024-10-31', invoiceDateUntil: '2025-01-29' };
  const byExportDate: Sorting = { key: 'export_date', descending: true };

  it('counts the matches per export date and walks the spanned groups far from both ends', () => {
    for (const descending of [false, true]) {
      const sorting = { ...byExportDate, descending };
      expect(planOf(range, admin, 82_089, { sorting, offset: 41_000 })).toBe('groupsInIdOrder');
      expect(planOf(range, admin, 82_089, { sorting, offset: RANGE_GROUPED_OFFSET })).toBe('groupsInIdOrder');
      expect(planOf(range, admin, 82_089, { sorting, offset: 82_089 - RANGE_GROUPED_OFFSET })).toBe(
        'groupsInIdOrder',
      );
      expect(planOf({ ...range, notExportedOnly: true }, admin, 60_000, { sorting, offset: 30_000 })).toBe(
        'groupsInIdOrder',
      );
    }
  });

  it('sorts the matches near either end, in the creation date and beyond 100,000 matches', () => {
    expect(planOf(range, admin, 82_089, { sorting: byExportDate, offset: 0 })).toBe('sortedMatches');
    expect(planOf(range, admin, 82_089, { sorting: byExportDate, offset: RANGE_GROUPED_OFFSET - 50 })).toBe(
      'sortedMatches',
    );
    expect(planOf(range, admin, 82_089, { sorting: byExportDate, offset: 82_039 })).toBe('sortedMatches');
    expect(planOf(range, admin, 82_089, { sorting: newestFirst, offset: 41_000 })).toBe('sortedMatches');
    expect(planOf(range, admin, 120_000, { sorting: byExportDate, offset: 60_000 })).not.toBe(
      'groupsInIdOrder',
    );
  });
});

describe('the matches of a sorted page in id order', () => {
  const inIdOrder = (
    filter: BookingFilter,
    scope: BookingScope,
    sorting: Sorting,
    search?: SearchMatches,
  ) => {
    const shape = listShape(filter, scope, search);
    return matchesInIdOrder(listOrder(sorting, shape), shape);
  };

  it("hands one creditor's matches to a sort by texts in id order, nearly sorted", () => {
    expect(inIdOrder({}, supplier, { key: 'invoice_number', descending: true })).toBe(true);
    expect(
      inIdOrder({ exportedOnly: true }, supplier, { key: 'creation_email_address', descending: true }),
    ).toBe(true);
    expect(inIdOrder({ creditor: 70_011 }, admin, { key: 'invoice_number', descending: false })).toBe(true);
  });

  it('leaves them unordered by export date, where the id order cost a sort of all of them', () => {
    // A supplier's first page by export date: 65-76 ms in id order, 15-18 ms without (change 51).
    for (const descending of [false, true]) {
      expect(inIdOrder({}, supplier, { key: 'export_date', descending })).toBe(false);
      expect(inIdOrder({ notExportedOnly: true }, supplier, { key: 'export_date', descending })).toBe(false);
    }
  });

  it("leaves every creditor's matches unordered: no index hands them over in id order", () => {
    expect(inIdOrder({}, admin, { key: 'invoice_number', descending: false })).toBe(false);
    expect(inIdOrder({ article: 1_021 }, admin, { key: 'invoice_number', descending: true })).toBe(false);
  });

  it("sorts the ids of a search's matches over every creditor first for a sort by invoice number", () => {
    // 87,696 matches by invoice number, descending: page 100 165 → 90 ms.
    const search = { ...bornheim, pattern: '%R1000%', debitors: [] };
    expect(
      inIdOrder({ searchQuery: 'R1000' }, admin, { key: 'invoice_number', descending: true }, search),
    ).toBe(true);
    expect(inIdOrder({ searchQuery: 'R1000' }, admin, byDebitorName, search)).toBe(false);
  });
});

describe('deep pages of a search walked within the range of its matches (deepWalkBudget)', () => {
  /** "R1000": the invoice-number prefix of the oldest invoices, matched in the bookings' own texts only. */
  const r1000: SearchMatches = { ...bornheim, pattern: '%R1000%', debitors: [] };
  const total = 87_696;
  /** Its matches' ids span 299,974 of a million; counted newest first. */
  const range: MatchRange = {
    minId: 1,
    maxId: 299_974,
    allIds: 1_000_000,
    column: { key: 'creation_date', min: '2024-01-01 12:00:00+00', max: '2024-10-14 06:00:06+00' },
  };
  const budgetOf = (
    sorting: Sorting,
    offset: number,
    {
      scope = admin,
      search = r1000,
      matchRange = range,
    }: { scope?: BookingScope; search?: SearchMatches; matchRange?: MatchRange } = {},
  ) => {
    const filter = { searchQuery: 'R1000' };
    const shape = listShape(filter, scope, search);
    return deepWalkBudget(total, offset, listOrder(sorting, shape), shape, matchRange);
  };
  const byNet: Sorting = { key: 'net', descending: false };

  it('walks a page from the 21st on for as many bookings as the matches lie thick in their ids, with a margin', () => {
    // Page 100: 5,000 matches at 29 % of the ids' range, 1.5 times over.
    expect(budgetOf(byNet, 4_950)).toBe(Math.ceil((1.5 * 5_000 * 299_974) / total));
    expect(budgetOf(byDebitorName, 4_950)).toBeGreaterThan(20_000);
    // In the order its count read the column's range of (creation date), too.
    expect(budgetOf(newestFirst, 4_950)).toBeDefined();
    // Near the end the page is read from there: a short walk, at least the first pages' budget.
    expect(budgetOf(byNet, total - 1_050)).toBe(10_000);
  });

  it('leaves the page to its plan where a walk would not be short', () => {
    expect(budgetOf(byNet, 950)).toBeUndefined(); // the first 20 pages walk anyway
    expect(budgetOf(byNet, 30_000)).toBeUndefined(); // more bookings to walk than there are matches
    // Matches over more than half of all ids: the range does not shorten PostgreSQL's own walk.
    expect(budgetOf(byNet, 4_950, { matchRange: { ...range, maxId: 600_000 } })).toBeUndefined();
    // An order that gathers matches, without its column's range; master data's matches lie together
    // in their names' orders; one creditor's list walks its own index.
    expect(budgetOf({ key: 'invoice_number', descending: false }, 4_950)).toBeUndefined();
    expect(budgetOf(byNet, 4_950, { search: { ...r1000, debitors: [10_050] } })).toBeUndefined();
    expect(budgetOf(byNet, 4_950, { scope: supplier })).toBeUndefined();
    // Totals without a range (counted before a search restricted, or from the month totals).
    const shape = listShape({ searchQuery: 'R1000' }, admin, r1000);
    expect(deepWalkBudget(total, 4_950, listOrder(byNet, shape), shape, undefined)).toBeUndefined();
  });
});
