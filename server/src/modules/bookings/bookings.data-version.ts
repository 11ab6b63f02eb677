// The bookings' data version (migration 0012_bookings_data_version): the number of committed writes of
// bookings. Every statement whose answer is kept (the totals, a page, the ids of a search's matches, the
// totals shared by the servers) reads it in its own snapshot, so that what is kept is used only while
// no write has come since (bookings.totals-cache.ts).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';

/** The data version of the statement's snapshot (bigint as text), an init plan of any statement. */
export const DATA_VERSION = sql`coalesce((select version from bookings_data_version), 0)::text`;

/** The number of committed writes of bookings, on its own. */
export async function selectBookingsDataVersion(db: DbOrTx): Promise<string> {
  const { rows } = await db.execute<{ version: string }>(sql`select ${DATA_VERSION} as version`);
  return rows[0]!.version;
}
