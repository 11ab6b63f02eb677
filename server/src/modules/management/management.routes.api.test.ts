import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { masterDataFileName } from '@lp/domain/file-names';
import { todayIsoDay } from '@lp/domain/dates';
import { MESSAGES } from '@lp/domain/messages';
import {
  createArticle,
  createBooking,
  createCreditor,
  createDebitor,
  createUser,
} from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';

const t = useTestApp();
const url = '/api/management/export';

type Rows = unknown[][];

async function loadWorkbook(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

async function readWorkbook(payload: Buffer): Promise<Map<string, Rows>> {
  const workbook = await loadWorkbook(payload);
  const sheets = new Map<string, Rows>();
  for (const sheet of workbook.worksheets) {
    const rows: Rows = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets.set(sheet.name, rows);
  }
  return sheets;
}

describe('GET /api/management/export', () => {
  it('needs a token', async () => {
    expect((await t.request(undefined, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('is for admins only (403 for suppliers)', async () => {
    const supplier = await createUser(t.db);
    const res = await t.request(await t.login(supplier.emailAddress), { method: 'GET', url });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      errors: [{ property: '', message: MESSAGES.forbidden }],
    });
  });

  it('downloads all master data as a dated xlsx: four sheets, German headers, no passwords', async () => {
    const article = await createArticle(t.db, { name: '+Sonderposten', isActive: false });
    const creditor = await createCreditor(t.db, { name: '=1+1 GmbH' });
    const quietCreditor = await createCreditor(t.db);
    const debitor = await createDebitor(t.db, { street: '-Hinterhof 2' });
    const user = await createUser(t.db, {
      creditorNumber: creditor.number,
      emailAddress: '@einkauf@lieferant.example',
    });
    await createBooking(t.db, {
      creditorNumber: creditor.number,
      creationDate: new Date('2026-03-15T23:30:00Z'),
    });

    const res = await t.request(await t.login(ADMIN_EMAIL), { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const fileName = masterDataFileName(todayIsoDay());
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`,
    );

    const sheets = await readWorkbook(res.rawPayload);
    expect([...sheets.keys()]).toEqual(['Artikel', 'Kreditoren', 'Debitoren', 'Benutzer']);
    const row = (sheet: string, first: unknown) => sheets.get(sheet)!.find((r) => r[0] === first);

    expect(sheets.get('Artikel')![0]).toEqual(['Artikelnummer', 'Bezeichnung', 'Aktiv']);
    expect(row('Artikel', 999)).toEqual([999, 'Leermeldung', 'ja']);
    expect(row('Artikel', article.number)).toEqual([article.number, "'+Sonderposten", 'nein']);

    expect(sheets.get('Kreditoren')![0]).toEqual([
      'Kreditornummer',
      'Name',
      'Aktiv',
      'Letzte Buchung/Meldung',
    ]);
    // 23:30 UTC on 15 March is 00:30 on 16 March in Germany (CET): the cell holds the German calendar day.
    expect(row('Kreditoren', creditor.number)).toEqual([
      creditor.number,
      "'=1+1 GmbH",
      'ja',
      new Date('2026-03-16T00:00:00.000Z'),
    ]);
    expect(row('Kreditoren', quietCreditor.number)).toEqual([quietCreditor.number, quietCreditor.name, 'ja']);

    expect(sheets.get('Debitoren')![0]).toEqual([
      'Debitornummer',
      'Name',
      'Straße und Hausnummer',
      'PLZ',
      'Ort',
      'Aktiv',
    ]);
    expect(row('Debitoren', debitor.number)).toEqual([
      debitor.number,
      debitor.name,
      "'-Hinterhof 2",
      debitor.zipCode,
      debitor.city,
      'ja',
    ]);

    expect(sheets.get('Benutzer')![0]).toEqual([
      'E-Mail-Adresse',
      'Administrator',
      'Aktiv',
      'Lieferant/Kreditor',
    ]);
    expect(row('Benutzer', ADMIN_EMAIL)).toEqual([ADMIN_EMAIL, 'ja', 'ja']);
    expect(row('Benutzer', `'${user.emailAddress}`)).toEqual([
      `'${user.emailAddress}`,
      'nein',
      'ja',
      creditor.number,
    ]);

    const everything = JSON.stringify([...sheets.values()]);
    expect(everything).not.toMatch(/password|passwort|hash|\$argon2/i);
    expect(res.rawPayload.toString('latin1')).not.toContain('$argon2');
  });

  it('shows article numbers zero-padded to six digits, as numbers', async () => {
    const res = await t.request(await t.login(ADMIN_EMAIL), { method: 'GET', url });
    const sheet = (await loadWorkbook(res.rawPayload)).getWorksheet('Artikel')!;
    const cell = sheet.getRow(2).getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.Number);
    expect(cell.numFmt).toBe('000000');
    expect(sheet.getRow(1).getCell(1).numFmt).toBeUndefined();
  });

  it('neutralises the full-width formula signs (＝ ＋ － ＠) in the xlsx like the ASCII ones', async () => {
    const names = ['＝1+1', '＋49 Bauhof', '－Rabatt', '＠Lager'];
    const articles = [];
    for (const name of names) articles.push(await createArticle(t.db, { name }));
    const res = await t.request(await t.login(ADMIN_EMAIL), { method: 'GET', url });
    const sheet = (await readWorkbook(res.rawPayload)).get('Artikel')!;
    for (const article of articles) {
      expect(sheet.find((r) => r[0] === article.number)?.[1]).toBe(`'${article.name}`);
    }
  });
});
