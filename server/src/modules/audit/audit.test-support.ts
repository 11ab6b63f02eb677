// Helpers of the audit trail's API tests: a record's history through GET /api/audit, and what the
// table holds for a record (also entries the route would not show).
import { sql } from 'drizzle-orm';
import type { AuditEntity, AuditEntry } from '@lp/domain/audit';
import type { TestApp } from '../../../test/test-app';

/** GET /api/audit for the record; fails the test on any other status than 200. */
export async function getHistory(
  t: TestApp,
  token: string,
  entity: AuditEntity,
  key: number,
): Promise<AuditEntry[]> {
  const res = await t.request(token, { method: 'GET', url: `/api/audit?entity=${entity}&id=${key}` });
  if (res.statusCode !== 200) throw new Error(`GET /api/audit answered ${res.statusCode}: ${res.body}`);
  return res.json() as AuditEntry[];
}

/** How many entries the table holds for the records. */
export async function countEntries(
  t: TestApp,
  entity: AuditEntity,
  keys: readonly number[],
): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_entries
      where entity = ${entity} and entity_key = any(${sql.param([...keys])}::int[])`,
  );
  return rows[0]!.n;
}

/** An ISO timestamp of a change made during the test (within the last minute). */
export function expectRecent(at: string): void {
  const age = Date.now() - Date.parse(at);
  if (!(age >= -5_000 && age < 60_000)) throw new Error(`not a recent timestamp: ${at}`);
}
