// POST /api/upload/sheet and PUT /api/upload/column-mapping (repair in place, issue 55): a file's rows
// as text for the editable table, and the column mapping remembered per user.
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, UPLOAD_MESSAGES } from '@lp/domain/messages';
import { countBookings, createWorld, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { csvFile, HEADER, multipart } from './upload-test-support';
import path from 'node:path';
import fs from 'node:fs';

const t = useTestApp();
let w: World;
let other: World;

beforeAll(async () => {
  w = await createWorld(t);
  other = await createWorld(t);
});

const sheet = (token: string | undefined, content: Buffer | string, filename = 'buchungen.csv') =>
  t.request(token, {
    method: 'POST',
    url: '/api/upload/sheet',
    ...multipart([{ filename, content }]),
  });

const remember = (token: string | undefined, body: unknown) =>
  t.request(token, { method: 'PUT', url: '/api/upload/column-mapping', payload: body as object });

/** A layout the upload does not know (an ERP's own export). */
const FOREIGN_HEADER = ['Datum', 'Beleg', 'Kunde', 'Ort', 'Artikel', 'Betrag'];

describe('POST /api/upload/sheet', () => {
  it('needs a token', async () => {
    const res = await sheet(undefined, csvFile([HEADER, ['15.03.2026', 'A-1', 1, 'x', 2, '1,00', '', '']]));
    expect(res.statusCode).toBe(401);
  });

  it("answers the file's rows as text, under the file's headers and row numbers, and stores nothing", async () => {
    const before = await countBookings(t.db);
    const res = await sheet(
      w.supplierToken,
      csvFile([
        ['Buchungen März 2026'],
        HEADER,
        ['15.03.2026', '0815', '99999', 'Rathaus', String(w.articleNumber), '1.234,56', '', ''],
        [],
        ['16.03.2026', '4711E3', String(w.debitorNumber), 'Amt', String(w.articleNumber), '-12,50', 'x', ''],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.headers).toEqual(HEADER);
    expect(body.columnMapping).toBeNull();
    expect(body.rows).toHaveLength(2);
    expect(body.rows[0]).toEqual({
      rowNumber: 3,
      values: {
        Rechnungsdatum: '15.03.2026',
        Rechnungsnummer: '0815',
        Debitornummer: '99999',
        Lieferort: 'Rathaus',
        Artikelnummer: String(w.articleNumber),
        Nettobetrag: '1.234,56',
        Zusatzinformation: '',
        Kreditornummer: '',
      },
    });
    expect(body.rows[1]).toMatchObject({ rowNumber: 5, values: { Rechnungsnummer: '4711E3' } });
    expect(await countBookings(t.db)).toBe(before);
  });

  it('reads real date and number cells of a LibreOffice xlsx as the text a user would type', async () => {
    const file = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'libreoffice-bookings.xlsx'));
    const res = await sheet(w.supplierToken, file, 'libreoffice-bookings.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json().rows[0].values;
    expect(first.Rechnungsdatum).toMatch(/^\d\d\.\d\d\.\d{4}$/);
  });

  it('answers bad input in German: no file, an empty file, a file with no rows', async () => {
    const none = await t.request(w.supplierToken, {
      method: 'POST',
      url: '/api/upload/sheet',
      payload: { a: 1 },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe(UPLOAD_MESSAGES.noFile);
    const empty = await sheet(w.supplierToken, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toBe(UPLOAD_MESSAGES.emptyFile);
    const headerOnly = await sheet(w.supplierToken, csvFile([HEADER]));
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().errors[0].message).toBe(UPLOAD_MESSAGES.noDataRows);
  });

  it("takes an unknown header's first row as its header, and offers the mapping this user remembered", async () => {
    const file = csvFile([FOREIGN_HEADER, ['15.03.2026', 'B-1', '1', 'Ort', '2', '3,00']]);
    const first = await sheet(w.supplierToken, file);
    expect(first.json()).toMatchObject({ headers: FOREIGN_HEADER, columnMapping: null });
    expect(first.json().rows[0]).toMatchObject({
      rowNumber: 2,
      values: { Datum: '15.03.2026', Betrag: '3,00' },
    });

    const mapping = { Datum: 'invoiceDate', Beleg: 'invoiceNumber', Betrag: 'net' };
    const saved = await remember(w.supplierToken, { headers: FOREIGN_HEADER, mapping });
    expect(saved.statusCode, saved.body).toBe(204);
    // The same headers in another case and spacing are the same layout.
    const again = await sheet(
      w.supplierToken,
      csvFile([
        FOREIGN_HEADER.map((h) => ` ${h.toUpperCase()}`),
        ['15.03.2026', 'B-1', '1', 'Ort', '2', '3,00'],
      ]),
    );
    expect(again.json().columnMapping).toEqual({
      DATUM: 'invoiceDate',
      BELEG: 'invoiceNumber',
      BETRAG: 'net',
    });
    const same = await sheet(w.supplierToken, file);
    expect(same.json().columnMapping).toEqual(mapping);

    // Another user (a supplier of another creditor) does not get this user's mapping.
    const foreign = await sheet(other.supplierToken, file);
    expect(foreign.json().columnMapping).toBeNull();
  });
});

describe('PUT /api/upload/column-mapping', () => {
  it('needs a token', async () => {
    const res = await remember(undefined, { headers: ['A'], mapping: { A: 'net' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers bad input in German, and remembers nothing', async () => {
    const headers = ['Spalte X', 'Spalte Y'];
    for (const body of [
      {},
      { headers: [], mapping: {} },
      { headers, mapping: { 'Spalte X': 'price' } },
      { headers, mapping: { 'Spalte Z': 'net' } },
      { headers, mapping: { 'Spalte X': 'net', 'Spalte Y': 'net' } },
      { headers: ['x'.repeat(201)], mapping: {} },
    ]) {
      const res = await remember(w.supplierToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].message).toBe(MESSAGES.malformedRequest);
    }
    const res = await sheet(w.supplierToken, csvFile([headers, ['1', '2']]));
    expect(res.json().columnMapping).toBeNull();
  });

  it("replaces the user's earlier mapping of the same headers", async () => {
    const headers = ['Wert', 'Nummer'];
    await remember(w.adminToken, { headers, mapping: { Wert: 'net' } });
    await remember(w.adminToken, { headers, mapping: { Wert: 'net', Nummer: 'invoiceNumber' } });
    const res = await sheet(w.adminToken, csvFile([headers, ['1', '2']]));
    expect(res.json().columnMapping).toEqual({ Wert: 'net', Nummer: 'invoiceNumber' });
  });
});
