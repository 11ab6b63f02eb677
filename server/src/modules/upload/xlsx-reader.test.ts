// Hostile and broken xlsx files: each is refused with a clear German message, quickly, with bounded memory.
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { detectFileKind } from './file-kind';
import type { SheetRow } from './sheet-row';
import { encryptedOfficeFile, minimalXlsxParts, sheetXml, zipArchive } from './upload-test-support';
import { UploadRejection } from './upload-rejection';
import { readXlsxRows } from './xlsx-reader';
import { ZIP_LIMITS, type ZipLimits } from './zip-guard';

/** A workbook whose first cell uses shared string 0 and whose table has these entries. */
function withSharedStrings(strings: string[], uniqueCount?: number): Buffer {
  const declared = uniqueCount === undefined ? '' : ` uniqueCount="${uniqueCount}"`;
  return zipArchive([
    ...minimalXlsxParts(
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
    ),
    {
      name: 'xl/sharedStrings.xml',
      data: Buffer.from(`<sst${declared}>${strings.map((v) => `<si><t>${v}</t></si>`).join('')}</sst>`),
    },
  ]);
}

const TOO_LARGE =
  'Die Excel-Datei ist zu groß oder ungewöhnlich aufgebaut (stark gepackt, sehr viele Teile oder Spalten) und wird aus Sicherheitsgründen nicht verarbeitet.';
const CORRUPT = 'Die Excel-Datei ist beschädigt oder keine gültige .xlsx-Datei.';

async function rowsOf(buffer: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  await readXlsxRows(buffer, { accept: (r) => void rows.push(r) }, limits);
  return rows;
}

async function rejection(buffer: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<string> {
  try {
    await rowsOf(buffer, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(UploadRejection);
    return (error as Error).message;
  }
  throw new Error('no rejection');
}

describe('readXlsxRows', () => {
  it('reads a hand-made minimal workbook (inline strings, no styles, no shared strings)', async () => {
    const rows = await rowsOf(
      zipArchive(
        minimalXlsxParts(
          sheetXml([
            ['a', 'b'],
            ['1', '2'],
          ]),
        ),
      ),
    );
    expect(rows.map((r) => [r.rowNumber, ...r.cells])).toEqual([
      [1, 'a', 'b'],
      [2, '1', '2'],
    ]);
  });

  it('refuses a zip bomb from its central directory, before inflating', async () => {
    const zeros = Buffer.alloc(300 * 1024 * 1024);
    const bomb = zipArchive([
      ...minimalXlsxParts(sheetXml([['a']])),
      { name: 'xl/media/bomb.bin', data: zeros },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    expect(await rejection(bomb)).toBe(TOO_LARGE);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a part that compresses too well even when it is small enough in total', async () => {
    const bomb = zipArchive([
      ...minimalXlsxParts(sheetXml([['a']])),
      { name: 'xl/media/x.bin', data: Buffer.alloc(50 * 1024 * 1024) },
    ]);
    expect(await rejection(bomb)).toBe(TOO_LARGE);
  });

  it('does not trust declared sizes: a part inflating beyond its header stops the read', async () => {
    const parts = minimalXlsxParts(sheetXml([['a']]));
    const sheet = parts[3]!;
    // The sheet claims 100 bytes but inflates to far more (yauzl counts while inflating).
    parts[3] = {
      ...sheet,
      data: Buffer.concat([sheet.data, Buffer.alloc(2 * 1024 * 1024, 0x20)]),
      declaredUncompressedSize: 100,
    };
    expect(await rejection(zipArchive(parts))).toBe(CORRUPT);
  });

  it('refuses more than 10,000 entries', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => ({
      name: `x/${i}.txt`,
      data: Buffer.from('x'),
      method: 0 as const,
    }));
    expect(await rejection(zipArchive([...minimalXlsxParts(sheetXml([['a']])), ...many]))).toBe(TOO_LARGE);
  });

  it('refuses column numbers beyond Excel’s XFD, up to which a row’s cells would be allocated', async () => {
    const hugeRef = sheetXml([['a']]).replace('r="A1"', 'r="ZZZZZZ1"');
    expect(await rejection(zipArchive(minimalXlsxParts(hugeRef)))).toBe(TOO_LARGE);
    const hugeCols = sheetXml([['a']]).replace(
      '<sheetData>',
      '<cols><col min="1" max="2000000000" width="9"/></cols><sheetData>',
    );
    expect(await rejection(zipArchive(minimalXlsxParts(hugeCols)))).toBe(TOO_LARGE);
  });

  it('counts shared strings and cells and stops at their limits, whatever the file declares', async () => {
    const limits = { ...ZIP_LIMITS, maxSharedStrings: 1000, maxCells: 500 };
    const strings = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`);
    expect((await rowsOf(withSharedStrings(strings(1000)), limits))[0]!.cells).toEqual(['s0']);
    const tooMany = 'Die Excel-Datei enthält mehr als 1.000 verschiedene Texte.';
    expect(await rejection(withSharedStrings(strings(1001)), limits)).toMatch(tooMany);
    expect(await rejection(withSharedStrings(strings(1001), 3), limits)).toMatch(tooMany); // lying low
    expect(await rejection(withSharedStrings(strings(2), 50_000), limits)).toMatch(tooMany); // declared

    const rowsOfCells = (rows: number) =>
      zipArchive(minimalXlsxParts(sheetXml(Array.from({ length: rows }, () => Array(10).fill('x')))));
    expect(await rowsOf(rowsOfCells(50), limits)).toHaveLength(50);
    expect(await rejection(rowsOfCells(51), limits)).toBe(
      'Die Excel-Datei enthält mehr als 500 Zellen. Bitte teilen Sie sie auf mehrere Dateien auf.',
    );
  });

  it('counts rich-text runs as the objects they become, and the styles’ entries', async () => {
    const limits = { ...ZIP_LIMITS, maxRichTextRuns: 1000, maxStyleEntries: 300 };
    // One shared string of many runs (each an object in exceljs): 12 MB of them cost 500 MB before.
    const runs = (n: number) => `<r><t>a</t></r>`.repeat(n);
    const richShared = (n: number) =>
      zipArchive([
        ...minimalXlsxParts(
          `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is>${runs(500)}</is></c></row></sheetData></worksheet>`,
        ),
        { name: 'xl/sharedStrings.xml', data: Buffer.from(`<sst><si>${runs(n)}</si></sst>`) },
      ]);
    // The runs of the shared strings and of the sheet's inline strings together.
    expect(await rowsOf(richShared(500), limits)).toHaveLength(1);
    expect(await rejection(richShared(501), limits)).toBe(TOO_LARGE);
    // Fonts, fills, borders and formats by the hundred thousand (3 MB of them cost 300 MB before).
    const styled = (fonts: number) =>
      zipArchive([
        ...minimalXlsxParts(sheetXml([['a']])),
        {
          name: 'xl/styles.xml',
          data: Buffer.from(
            `<styleSheet><fonts count="${fonts}">${'<font><sz val="11"/></font>'.repeat(fonts)}</fonts></styleSheet>`,
          ),
        },
      ]);
    expect(await rowsOf(styled(300), limits)).toHaveLength(1);
    expect(await rejection(styled(301), limits)).toBe(TOO_LARGE);
  });

  it('refuses a corrupt zip, a truncated xlsx, broken XML and a zip that is no workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Buchungen').addRow(['a']);
    const real = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await rejection(real.subarray(0, real.length - 200))).toBe(CORRUPT);
    expect(await rejection(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 0x41)]))).toBe(
      CORRUPT,
    );
    expect(
      await rejection(
        zipArchive(minimalXlsxParts('<worksheet><sheetData><row r="1"></rox></sheetData></worksheet>')),
      ),
    ).toBe(CORRUPT);
    expect(await rejection(zipArchive([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]))).toBe(
      CORRUPT,
    );
    const bitFlipped = Buffer.from(real);
    const sheetAt = bitFlipped.indexOf('xl/worksheets/sheet1.xml') + 40;
    for (let i = sheetAt; i < sheetAt + 50; i++) bitFlipped[i] = bitFlipped[i]! ^ 0xff;
    expect([CORRUPT, TOO_LARGE]).toContain(await rejection(bitFlipped));
  });

  it('refuses a zip with encrypted entries', async () => {
    const parts = minimalXlsxParts(sheetXml([['a']])).map((p) => ({ ...p, flags: 1 }));
    expect(await rejection(zipArchive(parts))).toBe(
      'Die Excel-Datei ist kennwortgeschützt. Bitte speichern Sie sie ohne Kennwort und laden Sie sie erneut hoch.',
    );
  });
});

describe('detectFileKind', () => {
  it('tells files apart by content, not by name', () => {
    expect(detectFileKind(zipArchive(minimalXlsxParts(sheetXml([['a']]))))).toBe('xlsx');
    expect(detectFileKind(Buffer.from('Rechnungsdatum;Nettobetrag\r\n'))).toBe('csv');
    expect(detectFileKind(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBe('csv');
    expect(() => detectFileKind(encryptedOfficeFile())).toThrow('Die Excel-Datei ist kennwortgeschützt.');
    const oldXls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.from('Workbook', 'utf16le'),
      Buffer.alloc(500),
    ]);
    expect(() => detectFileKind(oldXls)).toThrow('Das alte Excel-Format (.xls) wird nicht unterstützt.');
    const ods = zipArchive([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), method: 0 },
      { name: 'content.xml', data: Buffer.from('<office:document-content/>') },
    ]);
    expect(detectFileKind(ods)).toBe('ods');
    const odt = zipArchive([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text'), method: 0 },
      { name: 'content.xml', data: Buffer.from('<office:document-content/>') },
    ]);
    expect(() => detectFileKind(odt)).toThrow('Die Datei ist ein OpenDocument-Dokument, aber keine Tabelle.');
    expect(() => detectFileKind(zlib.gzipSync(Buffer.from('a;b')))).toThrow(
      'Die Datei ist weder eine CSV-Datei noch eine Excel-Datei',
    );
    expect(() => detectFileKind(Buffer.from('%PDF-1.7\n\x00\x01\x02binary'))).toThrow('weder eine CSV-Datei');
    expect(() => detectFileKind(Buffer.alloc(0))).toThrow('Die Datei ist leer.');
  });
});
