// Helpers of the audit trail's API tests: a record's history through GET /api/audit, and what the
// tables hold for a record (also entries the route would not show).
import { sql } from 'drizzle-orm';
import { AUDIT_ENTITY_WIRE_NAMES, type AuditEntity, type AuditEntry } from '@lp/domain/audit';
import type { TestApp } from '../../../test/test-app';

/** GET /api/audit for the record; fails the test on any other status than 200. */
export async function getHistory(
  t: TestApp,
  token: string,
  entity: AuditEntity,
  key: number,
): Promise<AuditEntry[]> {
  const res = await t.request(token, {
    method: 'GET',
    url: `/api/audit?entity=${AUDIT_ENTITY_WIRE_NAMES[entity]}&id=${key}`,
  });
  if (res.statusCode !== 200) throw new Error(`GET /api/audit answered ${res.statusCode}: ${res.body}`);
  return res.json() as AuditEntry[];
}

/**
 * How many entries the tables hold for the records; a booking counts once per export row that lists it
 * (audit_export_entries), as its history shows it.
 */
export async function countEntries(
  t: TestApp,
  entity: AuditEntity,
  keys: readonly number[],
): Promise<number> {
  const ids = sql`${sql.param([...keys])}::int[]`;
  const exports =
    entity === 'booking'
      ? sql`(select count(*)::int from audit_export_entries e cross join unnest(e.transaction_ids) k(id)
          where e.transaction_ids && ${ids} and k.id = any(${ids}))`
      : sql`0`;
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select (select count(*)::int from audit_entries where entity = ${entity} and entity_key = any(${ids}))
      + ${exports} as n`,
  );
  return rows[0]!.n;
}

export interface StoredExportEntry {
  key: number;
  by: string;
  /** A first export: it set the export date. */
  marked: boolean;
}

/**
 * The export entries of the bookings `ids`, one per booking and export, wherever they are stored (the
 * older per-booking rows of audit_entries, then audit_export_entries); per booking in write order.
 */
export async function exportEntries(t: TestApp, ids: readonly number[]): Promise<StoredExportEntry[]> {
  const keys = sql`${sql.param([...ids])}::int[]`;
  const { rows } = await t.db.execute<StoredExportEntry & Record<string, unknown>>(
    sql`select key, by, marked from (
        select entity_key as key, user_email_address as by, changes ? 'exportDate' as marked, 0 as source, id
        from audit_entries where entity = 'booking' and action = 'export' and entity_key = any(${keys})
        union all
        select k.id, e.user_email_address, e.first_export, 1, e.id
        from audit_export_entries e cross join unnest(e.transaction_ids) k(id)
        where e.transaction_ids && ${keys} and k.id = any(${keys})
      ) x order by key, source, id`,
  );
  return rows;
}

/** An ISO timestamp of a change made during the test (within the last minute). */
export function expectRecent(at: string): void {
  const age = Date.now() - Date.parse(at);
  if (!(age >= -5_000 && age < 60_000)) throw new Error(`not a recent timestamp: ${at}`);
}
