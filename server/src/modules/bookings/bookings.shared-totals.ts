// The counted totals of list filters, shared by every server on one database through the unlogged
// table list_totals (migration 0038, decision 0043). A server that has no totals of a filter in
// memory (bookings.totals-cache.ts) looks them up there before it counts, and stores what it counted.
// A row is used only at the data version it was counted at, read in the same statement, so it is
// what a count would give in that snapshot, exactly as the memory's totals are.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection';
import { isReplicaHandle } from '../../db/read-router';
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
 *
 * While a server counts a filter it holds a transaction-level advisory lock on the filter's key. A
 * server that finds no stored totals and the lock taken waits for it, then reads what the counting
 * server stored: a user's next request that a load balancer sends to another server joins the count
 * under way instead of starting a second one beside it (docs/performance.md, change 62; in one server
 * bookings.totals-cache.ts joins it without asking PostgreSQL). If nothing was stored (the count
 * failed, or it was of an older data version), it counts itself.
 */
export async function sharedCount(
  db: Db,
  totalsKey: string,
  count: (db: DbOrTx) => Promise<VersionedTotals>,
): Promise<VersionedTotals> {
  // A replica can neither read an unlogged table nor store one (decision 0085): it counts on its own.
  // Its totals stay exact: they carry the version of its snapshot, as every kept answer does.
  if (isReplicaHandle(db)) return count(db);
  const keyHash = sharedTotalsKeyHash(totalsKey);
  const shared = await readSharedTotals(db, keyHash);
  if (shared) return shared;
  const lock = keyHash.readBigInt64BE(0);
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ free: boolean }>(
      sql`select pg_try_advisory_xact_lock(${lock}) as free`,
    );
    if (!rows[0]!.free) {
      await tx.execute(sql`select pg_advisory_xact_lock(${lock})`);
      const meanwhile = await readSharedTotals(tx, keyHash);
      if (meanwhile) return meanwhile;
    }
    const counted = await count(tx);
    // Committed with the lock let go, so whoever waits for it finds them. Under a savepoint, which a
    // failed store rolls back alone. Not on another pooled connection: with every connection held by
    // a counting transaction, none would be left for the stores.
    await tx
      .transaction((savepoint) => storeSharedTotals(savepoint, keyHash, counted))
      .catch(() => undefined);
    return counted;
  });
}
