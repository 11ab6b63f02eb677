import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { decodeText, detectDelimiter, readCsvRows } from './csv-reader';
import type { SheetRow } from './sheet-row';
import { UploadRejection } from './upload-rejection';

function rowsOf(content: Buffer | string): SheetRow[] {
  const rows: SheetRow[] = [];
  readCsvRows(typeof content === 'string' ? Buffer.from(content, 'utf8') : content, {
    accept: (r) => void rows.push(r),
  });
  return rows;
}

describe('decodeText', () => {
  const text = 'Lieferort;Zusatzinformation\r\nMünchen – Straße;Preis 12 € „netto“\r\n';

  it('reads UTF-8 with and without BOM', () => {
    expect(decodeText(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(
      text,
    );
  });

  it("reads Excel's Windows-1252 (ä, ß, €, typographic quotes, en dash)", () => {
    expect(decodeText(iconv.encode(text, 'windows-1252'))).toBe(text);
  });

  it('reads UTF-16 with BOM (Excel "Unicode-Text")', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf16be')]))).toBe(text);
  });

  it('refuses a file of UTF-8 umlauts with one Windows-1252 byte, naming its line, instead of garbling them', () => {
    // UTF-8 ß on line 2, then a cp1252 ä on line 3.
    const mixed = Buffer.concat([Buffer.from('Kopf\r\nStraße;\r\n', 'utf8'), Buffer.from([0xe4])]);
    expect(() => decodeText(mixed)).toThrow(UPLOAD_MESSAGES.mixedEncoding(3));
  });

  it('refuses a UTF-8 BOM followed by a byte UTF-8 does not allow', () => {
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Kopf\nTor '),
      Buffer.from([0x96]),
    ]);
    expect(() => decodeText(file)).toThrow(UPLOAD_MESSAGES.mixedEncoding(2));
  });
});

describe('detectDelimiter', () => {
  it('takes the most frequent delimiter outside quotes', () => {
    expect(detectDelimiter('Rechnungsdatum;Rechnungsnummer;Nettobetrag')).toBe(';');
    expect(detectDelimiter('Rechnungsdatum,Rechnungsnummer,Nettobetrag')).toBe(',');
    expect(detectDelimiter('Rechnungsdatum\tRechnungsnummer\tNettobetrag')).toBe('\t');
    expect(detectDelimiter('"Datum, Rechnung";Nummer;Betrag')).toBe(';');
    expect(detectDelimiter('Rechnungsdatum')).toBe(';');
  });
});

describe('readCsvRows', () => {
  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
    ['CR', '\r'],
  ])(
    'numbers rows by their first line, also after quoted line breaks, skipping blank lines (%s)',
    (_name, nl) => {
      const text = ['a;b', '1;"x', 'y"', '', '; ;', '3;4', '5;"6', '', '7"', '8;9', ''].join(nl);
      const rows = rowsOf(text);
      expect(rows.map((r) => r.rowNumber)).toEqual([1, 2, 6, 7, 10]);
      expect(rows[1]!.cells).toEqual(['1', `x${nl}y`]);
      expect(rows[3]!.cells).toEqual(['5', `6${nl}${nl}7`]);
      expect(rows[4]!.cells).toEqual(['8', '9']);
    },
  );

  it('keeps empty fields, a trailing delimiter and text after a closing quote; a lone quote is a character', () => {
    const rows = rowsOf(['a;b;c', ';x;', '"q"uoted;ab"c;""', '"""";"a""b";', ''].join('\n'));
    expect(rows.map((r) => r.cells)).toEqual([
      ['a', 'b', 'c'],
      ['', 'x', ''],
      ['quoted', 'ab"c', ''],
      ['"', 'a"b', ''],
    ]);
  });

  it('reads a last line without line break and mixed line ends', () => {
    const rows = rowsOf('a,b\r\n1,2\n3,4\r5,6');
    expect(rows.map((r) => [r.rowNumber, ...r.cells])).toEqual([
      [1, 'a', 'b'],
      [2, '1', '2'],
      [3, '3', '4'],
      [4, '5', '6'],
    ]);
  });

  it('gets through 20 MB of delimiters or of empty lines quickly', () => {
    const files = [
      Buffer.alloc(20e6, 0x0a),
      Buffer.alloc(20e6, 0x3b),
      Buffer.from(';;;;;;;\r\n'.repeat(2e6)),
    ];
    for (const content of files) {
      const started = performance.now();
      expect(rowsOf(content)).toEqual([]);
      expect(performance.now() - started).toBeLessThan(3_000);
    }
  });

  it('refuses a record with more fields than a spreadsheet has columns', () => {
    expect(() => rowsOf(`x${';x'.repeat(20_000)}\n`)).toThrow(
      'Die CSV-Datei kann ab Zeile 1 nicht gelesen werden.',
    );
  });

  it('counts lines after multi-byte characters correctly', () => {
    const rows = rowsOf('a;b\n"Ä\nÖ";€\nü;ß\n');
    expect(rows.map((r) => [r.rowNumber, ...r.cells])).toEqual([
      [1, 'a', 'b'],
      [2, 'Ä\nÖ', '€'],
      [4, 'ü', 'ß'],
    ]);
  });

  it('keeps delimiters and doubled quotes inside quoted fields', () => {
    const rows = rowsOf('a;b\r\n"x;y";"sagte ""Hallo"""\r\n');
    expect(rows[1]!.cells).toEqual(['x;y', 'sagte "Hallo"']);
  });

  it("honours Excel's sep= line and numbers the header as row 1", () => {
    const rows = rowsOf('sep=,\r\na,b;c\r\n1,2;3\r\n');
    expect(rows.map((r) => [r.rowNumber, ...r.cells])).toEqual([
      [1, 'a', 'b;c'],
      [2, '1', '2;3'],
    ]);
  });

  it('refuses an unclosed quote with the line it starts on', () => {
    try {
      rowsOf('a;b\n1;2\n3;"offen\n4;5\n');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UploadRejection);
      expect((error as UploadRejection).message).toBe(
        'Die CSV-Datei ist fehlerhaft: Ein Anführungszeichen ab Zeile 3 wird nicht geschlossen.',
      );
    }
  });

  it('passes on what the sink throws (stops reading)', () => {
    const stop = new UploadRejection('stop');
    let seen = 0;
    expect(() =>
      readCsvRows(Buffer.from('a\n1\n2\n3\n'), {
        accept: () => {
          if (++seen === 2) throw stop;
        },
      }),
    ).toThrow(stop);
    expect(seen).toBe(2);
  });
});
