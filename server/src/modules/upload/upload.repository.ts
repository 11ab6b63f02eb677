// SQL of the upload beyond the bookings' own: imports run one after the other.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';

/** Key of the upload's advisory lock ('UPLD'). */
const UPLOAD_LOCK_KEY = 0x55504c44;

/**
 * Holds, until the transaction ends, the one upload lock: two imports (a double click, two tabs, two
 * server processes) run one after the other, so the second sees the first's rows as possible
 * duplicates. One lock, not one per creditor: a file may name any number of creditors, and every
 * advisory lock takes a slot of PostgreSQL's shared lock table.
 */
export async function lockImports(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK_KEY}::bigint)`);
}
