// SQL of upload batches (decisions.md section 11): opened and closed by the upload's transaction,
// listed, and undone with their bookings.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';

/** Opens the batch of an upload inside its transaction, before its bookings are stored. */
export async function insertUploadBatch(
  tx: DbOrTx,
  values: { createdBy: string; fileName: string },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into upload_batches (created_by, file_name, count, net_sum)
      values (${values.createdBy}, ${values.fileName}, 0, 0) returning id`,
  );
  return rows[0]!.id;
}

/**
 * Fills count, net sum and the creditor (the one creditor of all its bookings, else null) from the
 * bookings the upload stored, in one statement.
 */
export async function finishUploadBatch(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`update upload_batches b set count = s.n, net_sum = s.total, creditor_number = s.creditor
    from (
      select count(*)::int as n, coalesce(sum(t.net), 0) as total,
        case when min(t.creditor_number) = max(t.creditor_number) then min(t.creditor_number) end as creditor
      from transactions t where t.upload_batch_id = ${id}
    ) s
    where b.id = ${id}`);
}

export interface UploadBatchRow {
  id: number;
  /** ISO 8601 (UTC). */
  createdAt: string;
  createdBy: string;
  fileName: string;
  count: number;
  netSum: string;
  creditorNumber: number | null;
  creditorName: string | null;
  exported: boolean;
}

export interface UploadBatchSelection {
  /** Set: only that creditor's batches; null: none; undefined: every creditor's. */
  creditorNumber: number | null | undefined;
  /** Set: only the batches this user uploaded (e-mail address, as stored, case-insensitive). */
  createdBy?: string;
  limit?: number;
}

/**
 * Newest first. Whether a batch holds an exported booking is one probe of the index on (batch,
 * export date) per batch (migration 0041).
 */
export async function selectUploadBatches(
  db: DbOrTx,
  { creditorNumber, createdBy, limit }: UploadBatchSelection,
): Promise<UploadBatchRow[]> {
  const conditions = [
    creditorNumber === undefined
      ? sql`true`
      : creditorNumber === null
        ? sql`false`
        : sql`b.creditor_number = ${creditorNumber}`,
    createdBy === undefined ? sql`true` : sql`lower(b.created_by) = lower(${createdBy})`,
  ];
  const { rows } = await db.execute<UploadBatchRow & Record<string, unknown>>(
    sql`select b.id, to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      b.created_by as "createdBy", b.file_name as "fileName", b.count, b.net_sum::text as "netSum",
      b.creditor_number as "creditorNumber", c.name as "creditorName",
      exists (select 1 from transactions t
        where t.upload_batch_id = b.id and t.export_date is not null) as exported
      from upload_batches b left join creditors c on c.number = b.creditor_number
      where ${sql.join(conditions, sql` and `)}
      order by b.created_at desc, b.id desc
      ${limit === undefined ? sql`` : sql`limit ${limit}`}`,
  );
  return rows;
}

/** A batch's owner, locked until the transaction ends (a second undo waits, then finds nothing). */
export async function selectUploadBatchForUpdate(
  tx: DbOrTx,
  id: number,
): Promise<{ id: number; creditorNumber: number | null } | undefined> {
  const { rows } = await tx.execute<{ id: number; creditorNumber: number | null }>(
    sql`select id, creditor_number as "creditorNumber" from upload_batches where id = ${id} for update`,
  );
  return rows[0];
}

/**
 * Owner and export state of a batch's bookings, locked: an export cannot mark them meanwhile. Without
 * waiting (retryWhileLocked): rows an export holds fail at once.
 */
export async function lockBatchBookings(
  tx: DbOrTx,
  id: number,
): Promise<{ id: number; creditorNumber: number; exported: boolean }[]> {
  const { rows } = await tx.execute<{ id: number; creditorNumber: number; exported: boolean }>(
    sql`select id, creditor_number as "creditorNumber", export_date is not null as exported
      from transactions where upload_batch_id = ${id} order by id for update nowait`,
  );
  return rows;
}

/** Removes the batch and its bookings; returns the number of bookings removed. */
export async function deleteUploadBatch(tx: DbOrTx, id: number): Promise<number> {
  const { rowCount } = await tx.execute(sql`delete from transactions where upload_batch_id = ${id}`);
  await tx.execute(sql`delete from upload_batches where id = ${id}`);
  return rowCount ?? 0;
}
