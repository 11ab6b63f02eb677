// POST /api/upload/rows (repair in place, decisions.md section 14): a file's rows as JSON, with the
// rules, answers, batch and undo of a file upload.
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, UPLOAD_MESSAGES } from '@lp/domain/messages';
import { countBookings, createWorld, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
let w: World;
let other: World;

beforeAll(async () => {
  w = await createWorld(t);
  other = await createWorld(t);
});

function row(world: World, rowNumber: number, values: Record<string, string> = {}) {
  return {
    rowNumber,
    values: {
      Rechnungsdatum: '15.03.2026',
      Rechnungsnummer: `RR-${Date.now()}-${rowNumber}-${Math.random().toString(16).slice(2, 8)}`,
      Debitornummer: String(world.debitorNumber),
      Lieferort: 'Rathaus',
      Artikelnummer: String(world.articleNumber),
      Nettobetrag: '1.234,56',
      ...values,
    },
  };
}

const post = (token: string | undefined, body: unknown, query = 'checkForDuplicates=true') =>
  t.request(token, { method: 'POST', url: `/api/upload/rows?${query}`, payload: body as object });

describe('POST /api/upload/rows', () => {
  it('needs a token', async () => {
    const res = await post(undefined, { fileName: 'a.csv', rows: [row(w, 2)] });
    expect(res.statusCode).toBe(401);
  });

  it('refuses rows of another creditor for a supplier, and stores nothing', async () => {
    const before = await countBookings(t.db);
    const res = await post(w.supplierToken, {
      fileName: 'fremd.csv',
      rows: [row(other, 2, { Kreditornummer: String(other.creditorNumber) })],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(0);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ property: 'Kreditornummer', rowNumber: 2 }),
    ]);
    expect(await countBookings(t.db)).toBe(before);
  });

  it('answers bad input in German, and stores nothing', async () => {
    const before = await countBookings(t.db);
    for (const body of [
      { fileName: 'a.csv' },
      { fileName: 'a.csv', rows: 'x' },
      { fileName: 'a.csv', rows: [{ rowNumber: 1, values: {} }] },
      { fileName: 'a.csv', rows: [{ rowNumber: 2, values: { Nettobetrag: 5 } }] },
      { fileName: '', rows: [row(w, 2)] },
    ]) {
      const res = await post(w.supplierToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].message).toBe(MESSAGES.malformedRequest);
    }
    const empty = await post(w.supplierToken, { fileName: 'a.csv', rows: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toBe(UPLOAD_MESSAGES.noDataRows);
    // A row with an error: the rule's message under its row number, nothing stored.
    const wrong = await post(w.supplierToken, {
      fileName: 'a.csv',
      rows: [row(w, 2), row(w, 7, { Rechnungsdatum: '31.02.2026' })],
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ count: 0, errors: [{ property: 'Rechnungsdatum', rowNumber: 7 }] });
    expect(await countBookings(t.db)).toBe(before);
  });

  it('dry run checks and stores nothing; then stores the rows as one batch that can be undone', async () => {
    const before = await countBookings(t.db);
    const rows = [row(w, 2), row(w, 5, { Zusatzinformation: 'korrigiert' })];
    const dry = await post(
      w.supplierToken,
      { fileName: 'buchungen.xlsx', rows },
      'checkForDuplicates=true&dryRun=true',
    );
    expect(dry.json()).toEqual({ errors: [], warnings: [], count: 0 });
    expect(await countBookings(t.db)).toBe(before);

    const res = await post(w.supplierToken, { fileName: 'C:\\\\Daten\\\\buchungen.xlsx', rows });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ errors: [], warnings: [], count: 2 });
    expect(await countBookings(t.db)).toBe(before + 2);
    const batches = (await t.request(w.supplierToken, { method: 'GET', url: '/api/uploads' })).json();
    expect(batches[0]).toMatchObject({ fileName: 'buchungen.xlsx', count: 2, netSum: 2469.12 });

    // The same rows again are possible duplicates, as in a file.
    const again = await post(w.supplierToken, { fileName: 'buchungen.xlsx', rows });
    expect(again.json().warnings.map((m: { rowNumber: number }) => m.rowNumber)).toEqual([2, 5]);

    const undo = await t.request(w.supplierToken, { method: 'DELETE', url: `/api/uploads/${batches[0].id}` });
    expect(undo.statusCode, undo.body).toBeLessThan(300);
    expect(await countBookings(t.db)).toBe(before);
  });
});
