// What the server does after a write of many bookings has committed: a rename rewriting the name copies
// of a record's bookings (migration 0011), an upload storing them, an export marking them. Such a write
// leaves their search entries in the trigram indexes' pending lists (decision 0025) and their heap pages
// unmarked in the visibility map (decision 0039): until both are cleaned up, searches and the list's
// deep pages read far more than they need.
import type pg from 'pg';
import { mergePendingSearchEntries } from './bookings.search-indexes';
import { vacuumBookingsSoon } from './bookings.vacuum';

/** Below this many written bookings the clean-up is left to autovacuum: what they leave costs nothing measurable. */
export const MANY_BOOKINGS = 1_000;

/**
 * After the commit of a write of `written` bookings ('unknown': a rename, whose trigger rewrites however
 * many the record has): merges the search's pending entries before the caller answers, then vacuums
 * the bookings in the background.
 */
export async function afterWritingBookings(pool: pg.Pool, written: number | 'unknown'): Promise<void> {
  if (written !== 'unknown' && written < MANY_BOOKINGS) return;
  // First the merge, then the vacuum: both would take the pending lists' lock.
  await mergePendingSearchEntries(pool);
  vacuumBookingsSoon(pool);
}
