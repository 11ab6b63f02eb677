// SQL of the master-data CRUD shared by articles, creditors and debitors (one table per kind).
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, DbOrTx } from '../../db/connection';
import type { MasterDataTable } from './master-data.kind';
import { hasPgCode, PG_FOREIGN_KEY_VIOLATION, PG_RESTRICT_VIOLATION } from '../../lib/pg-errors';

export interface MasterDataFilter {
  onlyActive?: boolean;
  number?: number;
  /** Leaves one record out (the reserved empty-report record in a supplier's lists). */
  exceptNumber?: number;
}

/** Rows in number order. */
export async function selectMasterData<TTable extends MasterDataTable, TSelection extends SelectedFields>(
  db: Db,
  table: TTable,
  selection: TSelection,
  filter: MasterDataFilter = {},
): Promise<SelectResultFields<TSelection>[]> {
  const conditions: SQL[] = [];
  if (filter.onlyActive) conditions.push(eq(table.isActive, true));
  if (filter.number !== undefined) conditions.push(eq(table.number, filter.number));
  if (filter.exceptNumber !== undefined) conditions.push(ne(table.number, filter.exceptNumber));
  const rows = await db
    .select(selection as SelectedFields)
    .from(table as MasterDataTable)
    .where(and(...conditions))
    .orderBy(asc(table.number));
  // Drizzle cannot infer a row type over a generic selection; the rows hold exactly its fields.
  return rows as SelectResultFields<TSelection>[];
}

export async function masterDataExists(db: Db, table: MasterDataTable, number: number): Promise<boolean> {
  const rows = await db.select({ number: table.number }).from(table).where(eq(table.number, number)).limit(1);
  return rows.length > 0;
}

/**
 * 'duplicate' when the number exists (also when another request inserted it a moment ago). The
 * conflict is skipped, not raised, so that the transaction around it stays usable.
 */
export async function insertMasterData<TTable extends MasterDataTable>(
  db: DbOrTx,
  table: TTable,
  row: PgInsertValue<TTable>,
): Promise<'inserted' | 'duplicate'> {
  const { rowCount } = await db
    .insert(table as MasterDataTable)
    .values(row as PgInsertValue<MasterDataTable>)
    .onConflictDoNothing({ target: table.number });
  return (rowCount ?? 0) > 0 ? 'inserted' : 'duplicate';
}

/** False when no record has the number. Every update is a new version (the edit form's ETag). */
export async function updateMasterDataRow<TTable extends MasterDataTable>(
  db: DbOrTx,
  table: TTable,
  number: number,
  row: PgUpdateSetSource<TTable>,
): Promise<boolean> {
  const result = await db
    .update(table as MasterDataTable)
    .set({ ...(row as PgUpdateSetSource<MasterDataTable>), version: sql`${table.version} + 1` })
    .where(eq(table.number, number));
  return (result.rowCount ?? 0) > 0;
}

/** The record's version; undefined when no record has the number. `lock`: until the transaction ends. */
export async function selectMasterDataVersion(
  db: DbOrTx,
  table: MasterDataTable,
  number: number,
  { lock = false } = {},
): Promise<number | undefined> {
  const query = db.select({ version: table.version }).from(table).where(eq(table.number, number));
  const [row] = lock ? await query.for('update') : await query;
  return row?.version;
}

/**
 * The foreign keys of bookings and users (ON DELETE RESTRICT) refuse deleting a referenced record;
 * the single statement then removes nothing, whatever was referenced.
 */
export async function deleteMasterDataRow(
  db: DbOrTx,
  table: MasterDataTable,
  number: number,
): Promise<'deleted' | 'notFound' | 'referenced'> {
  try {
    const result = await db.delete(table).where(eq(table.number, number));
    return (result.rowCount ?? 0) > 0 ? 'deleted' : 'notFound';
  } catch (error) {
    if (hasPgCode(error, PG_RESTRICT_VIOLATION) || hasPgCode(error, PG_FOREIGN_KEY_VIOLATION))
      return 'referenced';
    throw error;
  }
}
