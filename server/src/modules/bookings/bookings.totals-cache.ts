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
   * besides the page (an empty page asks `currentVersion`). Otherwise the totals are counted and the
   * page read again with them.
   */
  async page<Row extends { dataVersion: string }>(
    key: string,
    readPage: (totals: BookingTotals) => Promise<Row[]>,
    count: () => Promise<VersionedTotals>,
    currentVersion: () => Promise<string>,
  ): Promise<{ rows: Row[]; totals: BookingTotals }> {
    const cached = this.get(key);
    if (cached) {
      const rows = await readPage(cached);
      const version = rows[0]?.dataVersion ?? (await currentVersion());
      if (version === cached.version) {
        this.set(key, cached);
        return { rows, totals: cached };
      }
    }
    const counted = await count();
    this.set(key, counted);
    return { rows: await readPage(counted), totals: counted };
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
