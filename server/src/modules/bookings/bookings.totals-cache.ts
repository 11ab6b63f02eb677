// The exact count and net sum of a list filter, computed once and reused for the following pages and
// sort orders while the bookings are unchanged (docs/performance.md "Bookings list"). An entry carries
// the data version its totals were counted at, read in the same statement (the same snapshot); it is
// reused only when the version a request reads is still the same, i.e. no write has committed since
// (migration 0012_bookings_data_version). So the answer is what a fresh count would give, also with
// several servers on one database: each server's cache checks the shared version.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

export interface BookingTotals {
  total: number;
  /** numeric as an exact decimal string. */
  netSum: string;
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

  /** Totals of `key` at the current version: the cached ones when it still holds, else counted. */
  async totals(
    key: string,
    currentVersion: () => Promise<string>,
    count: () => Promise<VersionedTotals>,
  ): Promise<BookingTotals> {
    const cached = this.get(key);
    if (cached && (await currentVersion()) === cached.version) {
      this.set(key, cached);
      return cached;
    }
    const counted = await count();
    this.set(key, counted);
    return counted;
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
