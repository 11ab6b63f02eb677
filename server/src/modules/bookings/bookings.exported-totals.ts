// Upkeep of the exported bookings' month totals (migration 0032_booking_exported_totals): each export
// writes its own batch's rows, so that two exports never wait for each other's totals; once it has
// committed, its rows are folded into batch 0, so that the table keeps about one row per creditor and
// month however many exports have run (decision 0029).
import type pg from 'pg';

/**
 * Folds the rows of every committed export batch into batch 0, after the export's transaction has
 * committed. Best effort, like merging the search's pending lists: the readers sum over the batches
 * and are exact either way, so a failure only leaves a few more rows to sum until the next export.
 */
export async function compactExportedMonthTotals(pool: pg.Pool): Promise<void> {
  await pool.query('select booking_exported_month_totals_compact()').catch(() => undefined);
}
