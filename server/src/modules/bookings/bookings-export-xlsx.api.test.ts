// The xlsx export (decisions.md section 14): the CSV's columns, marking and batches, with codes kept
// as text cells, dates as date cells and the net as a number, and a round trip through the upload.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportBatch } from '@lp/domain/entities';
import { BOOKING_EXPORT_COLUMNS } from '@lp/domain/labels';
import { BOOKING_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { createWorld, createWorldBooking, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { multipart } from '../upload/upload-test-support';

const t = useTestApp();
let w: World;

beforeAll(async () => {
  w = await createWorld(t);
});

const get = (token: string | undefined, url: string) => t.request(token, { method: 'GET', url });

/** Invoice numbers a spreadsheet would turn into numbers, and a formula. */
const INVOICE_NUMBERS = ['0815', '4711E3', '123456789012345678', '00042', '=1+1'];

async function sheetOf(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

async function newestBatch(): Promise<ExportBatch> {
  const res = await get(w.adminToken, '/api/exports');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ExportBatch[])[0]!;
}

describe('GET /api/transactions/export?format=xlsx', () => {
  it('writes text, date and number cells, marks the rows, keeps the batch and survives a re-upload', async () => {
    const world = await createWorld(t);
    const ids: number[] = [];
    for (const [i, invoiceNumber] of INVOICE_NUMBERS.entries()) {
      const booking = await createWorldBooking(t.db, world, {
        invoiceNumber,
        net: i === 0 ? '-12.50' : `${1234 + i}.56`,
        deliveryLocation: i === 1 ? 'Rathaus; Eingang "B"' : 'Lager',
      });
      ids.push(booking.id);
    }
    const res = await get(
      world.adminToken,
      `/api/transactions/export?format=xlsx&creditor=${world.creditorNumber}&sorting=invoice_number`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('filename="Buchungen.xlsx"');
    expect(res.headers['content-encoding']).toBeUndefined();
    const file = res.rawPayload;

    const sheet = await sheetOf(file);
    expect(sheet.getRow(1).values).toEqual([undefined, ...Object.values(BOOKING_EXPORT_COLUMNS)]);
    expect(sheet.rowCount).toBe(6);
    const numbers: unknown[] = [];
    for (let r = 2; r <= 6; r += 1) {
      const row = sheet.getRow(r);
      numbers.push(row.getCell(2).value);
      // Codes stay text: never a number a spreadsheet could reformat.
      for (const col of [2, 3, 6, 10])
        expect(typeof row.getCell(col).value, `row ${r} col ${col}`).toBe('string');
      expect(row.getCell(1).value).toBeInstanceOf(Date);
      expect(row.getCell(1).numFmt).toBe('dd.mm.yyyy');
      expect(typeof row.getCell(8).value).toBe('number');
      expect(row.getCell(8).numFmt).toBe('#,##0.00');
      expect(row.getCell(14).value).toBeInstanceOf(Date);
    }
    // Every invoice number, the formula neutralised as in the CSV. (Their order is the database's
    // collation's: ICU de-DE sorts '=' before digits, Debian's default C.UTF-8 after them.)
    expect([...numbers].sort()).toEqual(["'=1+1", '00042', '0815', '123456789012345678', '4711E3'].sort());
    // The first booking ('0815') is the credit note.
    expect(sheet.getRow(2 + numbers.indexOf('0815')).getCell(8).value).toBe(-12.5);

    // Marked, and a batch that gives back the delivered file byte for byte, under its name.
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transactions where id = any(${sql.param(ids)}::int[]) and export_date is not null`,
    );
    expect(rows[0]!.n).toBe(5);
    const batch = await newestBatch();
    expect(batch).toMatchObject({ count: 5, fileName: 'Buchungen.xlsx' });
    const again = await get(w.adminToken, `/api/exports/${batch.id}/file`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe(res.headers['content-type']);
    expect(again.headers['content-disposition']).toBe(res.headers['content-disposition']);
    expect(again.rawPayload.equals(file)).toBe(true);

    // Round trip: the file uploaded again is five possible duplicates and nothing else.
    const upload = await t.request(world.adminToken, {
      method: 'POST',
      url: '/api/upload?checkForDuplicates=true',
      ...multipart([{ filename: 'Buchungen.xlsx', content: file }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const result = upload.json();
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((m: { rowNumber: number }) => m.rowNumber)).toEqual([2, 3, 4, 5, 6]);
    for (const warning of result.warnings) expect(warning.message).toMatch(/Duplikat|bereits/);
  });

  it('exports a selection as xlsx, and refuses another format in German', async () => {
    const world = await createWorld(t);
    const a = await createWorldBooking(t.db, world, { invoiceNumber: '0001' });
    const res = await get(world.adminToken, `/api/transactions/export-selected?format=xlsx&items=${a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.getRow(2).getCell(2).value).toBe('0001');
    expect((await newestBatch()).fileName).toBe('Buchungen.xlsx');

    const pdf = await get(world.adminToken, `/api/transactions/export?format=pdf`);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors[0].message).toBe(BOOKING_MESSAGES.unsupportedExportFormat);
    expect((await get(undefined, '/api/transactions/export?format=xlsx')).statusCode).toBe(401);
    const supplier = await get(world.supplierToken, '/api/transactions/export?format=xlsx');
    expect(supplier.statusCode).toBe(403);
    expect(supplier.json().errors[0].message).toBe(MESSAGES.forbidden);
  });

  it('writes a header-only workbook when nothing matches, and no batch', async () => {
    const before = await newestBatch();
    const res = await get(w.adminToken, '/api/transactions/export?format=xlsx&searchQuery=NICHTVORHANDEN');
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.rowCount).toBe(1);
    expect(await newestBatch()).toEqual(before);
  });
});
