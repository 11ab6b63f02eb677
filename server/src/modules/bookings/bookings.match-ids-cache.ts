// The ids of every match of a large search in one order, kept so that its deep pages are read by id
// (docs/performance.md, change 58; decision 0040). A deep page of a search with many matches either
// passes half an order's index, reading every booking it passes, or sorts half the matches: 100–340 ms
// at a million, whatever the plan. Paging on from there, a user pays it again for every page. With the
// ordered ids at hand, a page is 50 ids and one read by primary key.
//
// An entry carries the data version its ids were read at, in the same statement; a page read by its ids
// is used only when the page's own statement reads the same version, as the totals cache does
// (bookings.totals-cache.ts). So a page from the cache is what the page plan would answer in the same
// snapshot, also with several servers on one database.

export interface MatchIds {
  /** Every match's id, in the list's order. */
  ids: Int32Array;
  /** The data version of the statement that read them (bigint as text). */
  version: string;
}

/** 8 MB: the ids of two searches matching every booking of the million, or thirty of 60,000 matches. */
export const MATCH_IDS_CACHE_BYTES = 8 * 1024 * 1024;

export class MatchIdsCache {
  readonly #entries = new Map<string, MatchIds>();
  #bytes = 0;
  /** The key whose ids are being read; one read at a time per server, each a full sort of its matches. */
  #reading: string | undefined;

  constructor(private readonly maxBytes = MATCH_IDS_CACHE_BYTES) {}

  get(key: string): MatchIds | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      // Most recently used last: a Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.ids.byteLength;
  }

  /**
   * Reads the ids of `key` in the background, unless they are cached or another read is under way:
   * the request that asks goes on with its page plan, and the pages that follow find them. A failed read
   * is reported to `onError` and leaves nothing behind.
   */
  fill(key: string, read: () => Promise<MatchIds>, onError: (error: unknown) => void): void {
    if (this.#reading !== undefined || this.#entries.has(key)) return;
    this.#reading = key;
    read()
      .then((entry) => this.#set(key, entry))
      .catch(onError)
      .finally(() => {
        this.#reading = undefined;
      });
  }

  #set(key: string, entry: MatchIds): void {
    if (entry.ids.byteLength > this.maxBytes) return;
    this.delete(key);
    this.#entries.set(key, entry);
    this.#bytes += entry.ids.byteLength;
    for (const [oldest, { ids }] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= ids.byteLength;
    }
  }
}
