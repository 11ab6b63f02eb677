// SQL of export batches (decisions.md section 11). The export itself writes on the raw pg client
// that holds its transaction (bookings.export.ts); the list and the re-download read through drizzle.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../../db/connection';

/**
 * Whether the batch exported bookings again that an earlier batch had marked (bookings.filter.ts
 * BookingFilter.batchReexported): one look-up in audit_export_entries_batch_idx.
 */
export async function batchReexported(pool: pg.Pool, batchId: number): Promise<boolean> {
  const { rows } = await pool.query<{ reexported: boolean }>(
    `select exists (select from audit_export_entries
      where export_batch_id = $1 and not first_export) as reexported`,
    [batchId],
  );
  return rows[0]!.reexported;
}

/**
 * Opens the batch of an export inside its database transaction, before any booking is marked (the
 * bookings reference it); count, net sum and file follow with finishExportBatch. Nobody else sees
 * the row before the commit.
 */
export async function insertExportBatch(
  client: pg.PoolClient,
  createdBy: string,
  fileName: string,
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `insert into export_batches (created_by, count, net_sum, file_name, file)
      values ($1, 0, 0, $2, ''::bytea) returning id`,
    [createdBy, fileName],
  );
  return rows[0]!.id;
}

/**
 * The export's compressed file arrives in parts while the export streams; they wait in a temporary
 * table of its transaction (gone with its end), numbered from 1, so that the server never holds the
 * whole file, nor a copy of it in one statement's parameters.
 */
export async function openExportFile(client: pg.PoolClient): Promise<void> {
  await client.query(`create temporary table export_file_parts (n int primary key, part bytea not null)
    on commit drop`);
}

export async function appendExportFile(client: pg.PoolClient, n: number, part: Buffer): Promise<void> {
  await client.query('insert into export_file_parts (n, part) values ($1, $2)', [n, part]);
}

/** Count, net sum and the file, its parts joined in their order, into the batch. */
export async function finishExportBatch(
  client: pg.PoolClient,
  id: number,
  values: { count: number; netSum: string },
): Promise<void> {
  await client.query(
    `update export_batches set count = $2, net_sum = $3::numeric,
      file = coalesce((select string_agg(part, ''::bytea order by n) from export_file_parts), ''::bytea)
      where id = $1`,
    [id, values.count, values.netSum],
  );
}

export interface ExportBatchRow {
  id: number;
  /** ISO 8601 (UTC). */
  createdAt: string;
  createdBy: string;
  count: number;
  netSum: string;
  fileName: string;
}

/** Every batch, newest first, without the files. */
export async function selectExportBatches(db: DbOrTx): Promise<ExportBatchRow[]> {
  const { rows } = await db.execute<ExportBatchRow & Record<string, unknown>>(
    sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      created_by as "createdBy", count, net_sum::text as "netSum", file_name as "fileName"
      from export_batches order by created_at desc, id desc`,
  );
  return rows;
}

/** The stored (compressed) file of a batch. */
export async function selectExportBatchFile(
  db: DbOrTx,
  id: number,
): Promise<{ fileName: string; file: Buffer } | undefined> {
  const { rows } = await db.execute<{ fileName: string; file: Buffer }>(
    sql`select file_name as "fileName", file from export_batches where id = ${id}`,
  );
  return rows[0];
}
