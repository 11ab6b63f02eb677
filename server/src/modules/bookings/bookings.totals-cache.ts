// The exact count and net sum of a list filter, computed once and reused for the following pages and
// sort orders while the bookings are unchanged (docs/performance.md "Bookings list"). An entry carries
// the data version its totals were counted at, read in the same statement (the same snapshot); it is
// reused only when the page's own statement reads the same version, i.e. no write has committed since
// (migration 0012_bookings_data_version). So the answer is what a fresh count would give, of the very
// snapshot the page was read in, also with several servers on one database: each server's cache checks
// the shared version.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { MatchRange } from './bookings.match-range';

export interface BookingTotals {
  total: number;
  /** numeric as an exact decimal string. */
  netSum: string;
  /** A search's: where its matches lie (bookings.match-range.ts walkScopeInRange). */
  range?: MatchRange;
}

export interface VersionedTotals extends BookingTotals {
  /** bigint as text. */
  version: string;
}

/** Enough for every filter a few hundred users page through at once; a Map keeps insertion order. */
const MAX_ENTRIES = 500;

export class BookingTotalsCache {
  readonly #entries = new Map<string, VersionedTotals>();
  /**
   * The counts under way, by key. A request for a filter being counted waits for that count instead
   * of starting its own beside it: a user who sorts or pages while a broad search is still counting
   * would otherwise have two counts of the same matches compete for the same CPUs (docs/performance.md,
   * change 62).
   */
  readonly #counting = new Map<string, Promise<VersionedTotals>>();

  get(key: string): VersionedTotals | undefined {
    return this.#entries.get(key);
  }

  set(key: string, totals: VersionedTotals): void {
    this.#entries.delete(key); // re-inserted as the most recent
    this.#entries.set(key, totals);
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /**
   * A page of `key` with its totals. With totals cached, the page is read on their word first (its
   * plan depends on the total), and its rows carry the data version of their statement: when that is
   * the cached one, the totals are exact for the page's snapshot, and the request needed no statement
   * besides the page (an empty page asks `currentVersion`). A count of `key` under way is waited for
   * and confirmed the same way. Otherwise the totals are counted and the page read again with them.
   */
  async page<Row extends { dataVersion: string }>(
    key: string,
    readPage: (totals: BookingTotals) => Promise<Row[]>,
    count: () => Promise<VersionedTotals>,
    currentVersion: () => Promise<string>,
  ): Promise<{ rows: Row[]; totals: BookingTotals }> {
    const confirmed = async (totals: VersionedTotals) => {
      const rows = await readPage(totals);
      const version = rows[0]?.dataVersion ?? (await currentVersion());
      if (version !== totals.version) return undefined;
      this.set(key, totals);
      return { rows, totals };
    };
    const cached = this.get(key);
    const fromCache = cached && (await confirmed(cached));
    if (fromCache) return fromCache;
    // A count under way, or one that ended while the page was read: it may have begun before a write
    // this request must see (the user's own save), so it is confirmed as cached totals are. A count
    // that failed is counted anew.
    const fresher = await Promise.resolve(this.#counting.get(key) ?? this.get(key)).catch(() => undefined);
    const joined = fresher && fresher !== cached && (await confirmed(fresher));
    if (joined) return joined;
    const counted = await this.#count(key, count);
    this.set(key, counted);
    return { rows: await readPage(counted), totals: counted };
  }

  #count(key: string, count: () => Promise<VersionedTotals>): Promise<VersionedTotals> {
    const running = count().finally(() => {
      if (this.#counting.get(key) === running) this.#counting.delete(key);
    });
    this.#counting.set(key, running);
    return running;
  }
}

const dialect = new PgDialect();

/**
 * One key per WHERE clause, i.e. per filter and visible scope (bookings.filter.ts); the sort order
 * and the page do not change the totals.
 */
export function totalsKey(where: SQL): string {
  const query = dialect.sqlToQuery(where);
  return JSON.stringify([query.sql, query.params]);
}
