// The trigram indexes of the bookings' own texts (the search, bookings.search.ts; migrations 0001 and
// 0036, on the texts' lowercased copies) are GIN indexes with PostgreSQL's fast update: a written
// booking's entries first go to a pending list, which every search reads in full until (auto)vacuum or
// a later write merges it into the index. After a write of many bookings (a rename rewriting the name
// copies, an export marking its bookings, an upload storing them) that list is full for a while: a
// search on the million took 45-48 instead of 16-22 ms after a creditor's and an article's renames
// (docs/performance.md, change 32). So such writes merge it right away (decision 0025).
import type pg from 'pg';

export const TRIGRAM_INDEXES = [
  'transactions_invoice_number_lower_trgm_idx',
  'transactions_additional_information_lower_trgm_idx',
];

/**
 * Merges the pending lists of the search's trigram indexes into the indexes, after the writing
 * transaction has committed (bookings.after-write.ts). Best effort: the write has been done, and
 * autovacuum merges the lists anyway; a failure (a database role that may not maintain the indexes)
 * only leaves searches slower for a while, so it is not the request's failure.
 */
export async function mergePendingSearchEntries(pool: pg.Pool): Promise<void> {
  await pool
    .query('select gin_clean_pending_list(name::regclass) from unnest($1::text[]) name', [TRIGRAM_INDEXES])
    .catch(() => undefined);
}
