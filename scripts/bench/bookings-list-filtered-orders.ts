// Every filter of the bookings list in every order, on the first, a deep, the middle and the last
// page, as the admin over the million and as the supplier of the largest creditor: the service call
// (its SQL) timed in this process. The list section measures these filters over HTTP on their first
// page in the default order; users also sort a filtered list and page through it, and a filter that
// keeps a large share of the bookings (an export status, a common article, a date range) is walked in
// another order's index (docs/performance.md, "Every filter in every order"). Prints figures only.
import {
  bookingListQuerySchema,
  DESCENDING_SUFFIX,
  SORT_KEYS,
  type Sorting,
} from '@lp/domain/booking-list-query';
import { PAGE_SIZE } from '@lp/domain/limits';
import type { Db } from '../../server/src/db/connection';
import type { SessionUser } from '../../server/src/modules/auth/session-user';
import { listBookings } from '../../server/src/modules/bookings/bookings.service';
import { addDays, FIRST_DAY, wireDay } from './bookings-fill';
import { FIRST_ARTICLE, FIRST_CREDITOR, FIRST_DEBITOR, percentile, sessionCheck } from './support';

/** Timed runs per page; the first of a filter counts its totals and is not timed. */
const RUNS = 3;
/** Pages read besides the first, the middle and the last, where the filter has them. */
const DEEP_PAGES = [100, 2000];

const range = {
  invoiceDateFrom: wireDay(addDays(FIRST_DAY, 365)),
  invoiceDateUntil: wireDay(addDays(FIRST_DAY, 455)),
};

/**
 * The filters; the first article is the fill's most common (57,804 bookings), the second one of the
 * many with a few thousand, the debitor a typical one.
 */
const FILTERS: Record<'admin' | 'supplier', Record<string, Record<string, string>>> = {
  admin: {
    [`article ${FIRST_ARTICLE}`]: { article: String(FIRST_ARTICLE) },
    // One of the 291 articles with 1,000–10,000 bookings (change 47: 76–131 ms by net before it).
    [`article ${FIRST_ARTICLE + 296}`]: { article: String(FIRST_ARTICLE + 296) },
    [`debitor ${FIRST_DEBITOR + 700}`]: { debitor: String(FIRST_DEBITOR + 700) },
    [`creditor ${FIRST_CREDITOR}`]: { creditor: String(FIRST_CREDITOR) },
    'dates (90 days)': range,
    exportedOnly: { exportedOnly: 'true' },
    notExportedOnly: { notExportedOnly: 'true' },
    'search "Stadtbibliothek Bornheim"': { searchQuery: 'Stadtbibliothek Bornheim' },
    // Searches in the bookings' own texts (change 57): matches lying together (the invoice-number
    // prefix of the oldest invoices) and matches spread over every order (an order number's word).
    'search "R1000"': { searchQuery: 'R1000' },
    'search "Bestellung"': { searchQuery: 'Bestellung' },
  },
  supplier: {
    [`article ${FIRST_ARTICLE}`]: { article: String(FIRST_ARTICLE) },
    'dates (90 days)': range,
    exportedOnly: { exportedOnly: 'true' },
    notExportedOnly: { notExportedOnly: 'true' },
    'search "R1000"': { searchQuery: 'R1000' },
    'search "Bestellung"': { searchQuery: 'Bestellung' },
  },
};

interface PageTiming {
  label: string;
  medianMs: number;
  maxMs: number;
}

export async function measureFilteredOrders(
  db: Db,
  tokens: { admin: string; supplier: string },
): Promise<void> {
  const orders: Sorting[] = SORT_KEYS.flatMap((key) =>
    [false, true].map((descending) => ({ key, descending })),
  );
  for (const role of ['admin', 'supplier'] as const) {
    const user = await sessionCheck(db, tokens[role])();
    const timings: PageTiming[] = [];
    for (const [name, filter] of Object.entries(FILTERS[role]))
      timings.push(...(await measureFilter(db, user, name, filter, orders)));
    printSummary(role, timings);
  }
}

async function measureFilter(
  db: Db,
  user: SessionUser,
  name: string,
  filter: Record<string, string>,
  orders: Sorting[],
): Promise<PageTiming[]> {
  const query = bookingListQuerySchema.parse(filter);
  const { total } = await listBookings(db, user, query, query.sorting, 1);
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pages = [...new Set([1, ...DEEP_PAGES, Math.ceil(last / 2), last])].filter((page) => page <= last);
  const timings: PageTiming[] = [];
  for (const sorting of orders)
    for (const page of pages) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await listBookings(db, user, query, sorting, page);
        times.push(performance.now() - started);
      }
      const order = `${sorting.key}${sorting.descending ? DESCENDING_SUFFIX : ''}`;
      timings.push({
        label: `${name} (${total.toLocaleString('en')}), ${order}, page ${page} of ${last}`,
        medianMs: percentile(times, 50),
        maxMs: Math.max(...times),
      });
    }
  return timings;
}

function printSummary(role: string, timings: PageTiming[]): void {
  const slow = timings.filter((t) => t.medianMs >= 100);
  const sorted = [...timings].sort((a, b) => b.medianMs - a.medianMs);
  console.log(
    `\n${role}, every filter in every order (in process, median / max of ${RUNS} runs): ${timings.length} pages, ` +
      `${slow.length} with median ≥ 100 ms, median of all ${percentile(
        timings.map((t) => t.medianMs),
        50,
      ).toFixed(1)} ms; the slowest:`,
  );
  for (const t of sorted.slice(0, Math.max(10, slow.length)))
    console.log(
      `  ${t.label.padEnd(72)} ${t.medianMs.toFixed(1).padStart(7)} ms  ${t.maxMs.toFixed(1).padStart(7)} ms`,
    );
}
