// SQL of the remembered column mappings (issue 55): one row per user and file layout.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';

export async function selectColumnMapping(
  db: DbOrTx,
  userId: number,
  headersKey: string,
): Promise<Record<string, string> | null> {
  const { rows } = await db.execute<{ mapping: Record<string, string> }>(
    sql`select mapping from upload_column_mappings where user_id = ${userId} and headers_key = ${headersKey}`,
  );
  return rows[0]?.mapping ?? null;
}

export async function upsertColumnMapping(
  db: DbOrTx,
  userId: number,
  headersKey: string,
  mapping: Record<string, string>,
): Promise<void> {
  await db.execute(sql`insert into upload_column_mappings (user_id, headers_key, mapping)
    values (${userId}, ${headersKey}, ${JSON.stringify(mapping)}::jsonb)
    on conflict (user_id, headers_key) do update set mapping = excluded.mapping, updated_at = now()`);
}
