// A count under way is shared by the requests of its filter, and used only where the page's own
// statement confirms it (bookings.totals-cache.ts).
import { describe, expect, it } from 'vitest';
import { BookingTotalsCache, type VersionedTotals } from './bookings.totals-cache';

/** A count that ends when the test says so, and how often one was started. */
function controlledCounts() {
  const started: { resolve: (totals: VersionedTotals) => void; reject: (error: Error) => void }[] = [];
  return {
    started,
    count: () =>
      new Promise<VersionedTotals>((resolve, reject) => {
        started.push({ resolve, reject });
      }),
  };
}

const totalsAt = (version: string, total: number): VersionedTotals => ({
  total,
  netSum: `${total}.00`,
  version,
});

/** The pages of a database at `version()`: one row carrying the version its statement read. */
const pagesAt = (version: () => string) => ({
  readPage: () => Promise.resolve([{ dataVersion: version() }]),
  currentVersion: () => Promise.resolve(version()),
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the totals cache with a count under way', () => {
  it('lets the requests of the same filter wait for it instead of counting again', async () => {
    const cache = new BookingTotalsCache();
    const counts = controlledCounts();
    const pages = pagesAt(() => '7');
    const first = cache.page('k', pages.readPage, counts.count, pages.currentVersion);
    await settle();
    const second = cache.page('k', pages.readPage, counts.count, pages.currentVersion);
    await settle();
    expect(counts.started).toHaveLength(1);
    counts.started[0]!.resolve(totalsAt('7', 42));
    expect((await first).totals.total).toBe(42);
    expect((await second).totals.total).toBe(42);
    expect(counts.started).toHaveLength(1);
  });

  it('counts anew for a request whose page sees a write the count under way began before', async () => {
    const cache = new BookingTotalsCache();
    const counts = controlledCounts();
    let version = '7';
    const pages = pagesAt(() => version);
    const before = cache.page('k', pages.readPage, counts.count, pages.currentVersion);
    await settle();
    version = '8'; // a write commits while the count of version 7 runs
    const after = cache.page('k', pages.readPage, counts.count, pages.currentVersion);
    counts.started[0]!.resolve(totalsAt('7', 42));
    await before;
    await settle();
    expect(counts.started).toHaveLength(2);
    counts.started[1]!.resolve(totalsAt('8', 43));
    expect((await after).totals.total).toBe(43);
  });

  it('counts anew when the count waited for fails, and keeps other filters apart', async () => {
    const cache = new BookingTotalsCache();
    const counts = controlledCounts();
    const pages = pagesAt(() => '7');
    const failing = cache.page('k', pages.readPage, counts.count, pages.currentVersion);
    await settle();
    const waiting = cache.page('k', pages.readPage, counts.count, pages.currentVersion);
    const other = cache.page('other', pages.readPage, counts.count, pages.currentVersion);
    await settle();
    expect(counts.started).toHaveLength(2); // 'k' once, 'other' once
    counts.started[0]!.reject(new Error('connection ended'));
    await expect(failing).rejects.toThrow('connection ended');
    await settle();
    expect(counts.started).toHaveLength(3);
    counts.started[2]!.resolve(totalsAt('7', 5));
    counts.started[1]!.resolve(totalsAt('7', 9));
    expect((await waiting).totals.total).toBe(5);
    expect((await other).totals.total).toBe(9);
  });
});
