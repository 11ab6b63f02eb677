import { describe, expect, it } from 'vitest';
import type { UploadSheetRow } from '@lp/domain/upload-sheet';
import {
  cellKey,
  columnMappedTwice,
  columnsOf,
  countSameValue,
  missingColumns,
  placeMessages,
  recognisedMapping,
  replaceInColumn,
  rowsWithMessages,
  setCell,
  toUploadRows,
} from './repair-rows';

const supplier = { id: 2, emailAddress: 'l@example.org', isAdmin: false, creditorNumber: 70001 };
const admin = { id: 1, emailAddress: 'a@example.org', isAdmin: true, creditorNumber: null };
const FOREIGN = ['Datum', 'Beleg', 'Kunde', 'Ort', 'Artikel', 'Betrag'];

const rows = (debitors: string[]): UploadSheetRow[] =>
  debitors.map((d, i) => ({ rowNumber: i + 2, values: { Debitornummer: d, Nettobetrag: '1,00' } }));

describe('column mapping', () => {
  it("recognises the upload's own headers and aliases, the first of two alike only", () => {
    expect(recognisedMapping(['Bestell-/Rechnungsnummer', ' nettobetrag ', 'Notiz', 'Nettobetrag'])).toEqual({
      'Bestell-/Rechnungsnummer': 'invoiceNumber',
      ' nettobetrag ': 'net',
    });
  });

  it('names the required columns a mapping leaves out, by role', () => {
    const mapping = {
      Datum: 'invoiceDate',
      Beleg: 'invoiceNumber',
      Kunde: 'debitorNumber',
      Ort: 'deliveryLocation',
      Artikel: 'articleNumber',
      Betrag: 'net',
    } as const;
    expect(missingColumns(mapping, supplier)).toEqual([]);
    expect(missingColumns(mapping, admin).map((c) => c.header)).toEqual(['Kreditornummer']);
    expect(missingColumns({ Datum: 'invoiceDate' }, supplier).map((c) => c.key)).toEqual([
      'invoiceNumber',
      'debitorNumber',
      'deliveryLocation',
      'articleNumber',
      'net',
    ]);
    expect(columnMappedTwice({ Datum: 'net', Betrag: 'net' })?.header).toBe('Nettobetrag');
    expect(columnMappedTwice({ Datum: 'invoiceDate', Betrag: 'net' })).toBeUndefined();
  });

  it("sends each mapped column under the upload's header and leaves the others out", () => {
    const columns = columnsOf(FOREIGN, { Datum: 'invoiceDate', Betrag: 'net' });
    const sheet = [{ rowNumber: 4, values: { Datum: '15.03.2026', Beleg: 'X', Betrag: '3,00' } }];
    expect(toUploadRows(sheet, columns)).toEqual([
      { rowNumber: 4, values: { Rechnungsdatum: '15.03.2026', Nettobetrag: '3,00' } },
    ]);
    // A known header the user chose not to import is not sent (the server would read it).
    expect(
      toUploadRows([{ rowNumber: 2, values: { Nettobetrag: '1' } }], columnsOf(['Nettobetrag'], {})),
    ).toEqual([{ rowNumber: 2, values: {} }]);
  });
});

describe('messages on cells', () => {
  it("places a message on the file's column that holds the field, and lists every message of a row", () => {
    const columns = columnsOf(['Kunde', 'Betrag'], { Kunde: 'debitorNumber', Betrag: 'net' });
    const placed = placeMessages(
      [
        { property: 'Debitornummer', message: 'Der Debitor 99999 existiert nicht.', rowNumber: 3 },
        { property: '', message: 'Die Zeile hat mehr Werte als Spalten.', rowNumber: 3 },
        { property: '', message: 'Es fehlen Spalten.' },
      ],
      columns,
    );
    expect(placed.cells.get(cellKey(3, 'Kunde'))).toEqual(['Der Debitor 99999 existiert nicht.']);
    expect(placed.cells.size).toBe(1);
    expect(placed.rows.get(3)).toEqual([
      'Debitornummer: Der Debitor 99999 existiert nicht.',
      'Die Zeile hat mehr Werte als Spalten.',
    ]);
    expect(rowsWithMessages(rows(['1', '2', '3']), placed)).toEqual([1]);
  });
});

describe('corrections', () => {
  it('changes one cell in a new row object, leaving the others as they were', () => {
    const before = rows(['99999', '10001']);
    const after = setCell(before, 0, 'Debitornummer', '10002');
    expect(after[0]!.values).toEqual({ Debitornummer: '10002', Nettobetrag: '1,00' });
    expect(before[0]!.values.Debitornummer).toBe('99999');
    expect(after[1]).toBe(before[1]);
  });

  it('counts the other rows with the same value and replaces them all, naming the rows changed', () => {
    const before = rows(['99999', '10001', '99999', '99999']);
    expect(countSameValue(before, 'Debitornummer', '99999', 0)).toBe(2);
    expect(countSameValue(before, 'Debitornummer', '10001', 1)).toBe(0);
    const { rows: after, changed } = replaceInColumn(before, 'Debitornummer', '99999', '10002');
    expect(after.map((r) => r.values.Debitornummer)).toEqual(['10002', '10001', '10002', '10002']);
    expect(changed).toEqual([2, 4, 5]);
    expect(after[1]).toBe(before[1]);
  });

  it('replaces 20,000 rows quickly', () => {
    const many = rows(Array.from({ length: 20_000 }, (_, i) => (i % 2 ? '99999' : '10001')));
    const started = performance.now();
    const { changed } = replaceInColumn(many, 'Debitornummer', '99999', '10002');
    expect(changed).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
