// The counted totals of list filters, shared by every server on one database through the unlogged
// table list_totals (migration 0038, decision 0043). A server that has no totals of a filter in
// memory (bookings.totals-cache.ts) looks them up there before it counts, and stores what it counted.
// A row is used only at the data version it was counted at, read in the same statement, so it is
// what a count would give in that snapshot, exactly as the memory's totals are.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { MatchRange } from './bookings.match-range';
import type { VersionedTotals } from './bookings.totals-cache';
import { DATA_VERSION } from './bookings.data-version';

/** The row's key: a hash of the totals key (the filter's condition with its values, totalsKey). */
function sharedTotalsKeyHash(totalsKey: string): Buffer {
  return createHash('sha256').update(totalsKey).digest();
}

type SharedTotalsRow = {
  total: number;
  netSum: string;
  version: string;
  range: MatchRange | null;
};

/** The totals another server (or this one, before a restart) counted at the current data version. */
async function readSharedTotals(db: DbOrTx, keyHash: Buffer): Promise<VersionedTotals | undefined> {
  const { rows } = await db.execute<SharedTotalsRow>(
    sql`select total, net_sum::text as "netSum", version::text as version, match_range as range
      from list_totals where key_hash = ${keyHash} and version::text = ${DATA_VERSION}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const { range, ...totals } = row;
  return range ? { ...totals, range } : totals;
}

/**
 * Stores counted totals for the other servers, unless a newer count of the filter is stored already,
 * and deletes the rows of older data versions, which no statement can use again: the version only
 * grows (a restore loads the rows of its own snapshot). Two statements, the deletion passing over
 * rows another server holds: a statement that deleted and stored at once could wait for another
 * server's while that one waits for it (a deadlock, found by PostgreSQL after a second).
 */
async function storeSharedTotals(db: DbOrTx, keyHash: Buffer, totals: VersionedTotals): Promise<void> {
  const version = sql`${totals.version}::bigint`;
  await db.execute(
    sql`delete from list_totals where key_hash in (select key_hash from list_totals
      where version < ${version} and key_hash <> ${keyHash} for update skip locked)`,
  );
  await db.execute(
    sql`insert into list_totals (key_hash, version, total, net_sum, match_range)
      values (${keyHash}, ${version}, ${totals.total}, ${totals.netSum}::numeric,
        ${totals.range ? JSON.stringify(totals.range) : null}::jsonb)
      on conflict (key_hash) do update set version = excluded.version, total = excluded.total,
        net_sum = excluded.net_sum, match_range = excluded.match_range
      where list_totals.version < excluded.version`,
  );
}

/**
 * The totals of a filter no memory holds: those another server counted at the current data version,
 * or counted here and stored for the others. A failed store costs the others their own count only.
 */
export async function sharedCount(
  db: DbOrTx,
  totalsKey: string,
  count: () => Promise<VersionedTotals>,
): Promise<VersionedTotals> {
  const keyHash = sharedTotalsKeyHash(totalsKey);
  const shared = await readSharedTotals(db, keyHash);
  if (shared) return shared;
  const counted = await count();
  await storeSharedTotals(db, keyHash, counted).catch(() => undefined);
  return counted;
}
