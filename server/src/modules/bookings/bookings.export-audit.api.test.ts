// The export's audit rows (decision 0033): ids sorted, split into rows of consecutive ids per kind,
// each sent to PostgreSQL as a binary int4[] that it reads back as the same ids.
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { binaryIntArray, ExportAudit } from './bookings.export-audit';

const t = useTestApp();
const dialect = new PgDialect();

describe('the binary int4[] of the export audit rows', () => {
  it('reads back in PostgreSQL as the same ids, whatever bytes they use', async () => {
    const ids = [1, 255, 256, 65_536, 16_777_217, 2_147_483_647];
    const { rows } = await t.pool.query<{ ids: number[] }>('select $1::int[] as ids', [
      binaryIntArray(Int32Array.from(ids)),
    ]);
    expect(rows[0]!.ids).toEqual(ids);
  });
});

describe('ExportAudit', () => {
  it('writes the marked and the other ids apart, each sorted in rows of at most the given size', async () => {
    const audit = new ExportAudit('someone@test.example', 7, 3);
    audit.addExportedBefore([9, 2, 40]);
    audit.addMarked([30, 5, 12, 1]);
    audit.addExportedBefore([3]);
    const rows = [];
    for (const statement of audit.statements()) {
      const { sql, params } = dialect.sqlToQuery(statement);
      const { rows: read } = await t.pool.query<{ ids: number[] }>(
        `select $4::int[] as ids from (select $1::text, $2::int, $3::boolean) p`,
        [params[0], params[1], params[2], params[3]],
      );
      expect(sql).toMatch(/^insert into audit_export_entries/);
      rows.push({ by: params[0], batch: params[1], firstExport: params[2], ids: read[0]!.ids });
    }
    const row = (firstExport: boolean, ids: number[]) => ({
      by: 'someone@test.example',
      batch: 7,
      firstExport,
      ids,
    });
    expect(rows).toEqual([row(true, [1, 5, 12]), row(true, [30]), row(false, [2, 3, 9]), row(false, [40])]);
  });
});
