// Contract tests of the xlsx reader, cell by cell: files saved by Microsoft Excel and by LibreOffice Calc
// (fixtures/README.md), files the project's own exceljs writer makes, and hand-made parts for what those
// files do not show (every cell type, gaps, prefixes, escapes, date formats, the 1904 date system).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { UPLOAD_COLUMNS } from '@lp/domain/upload-columns';
import type { CellValue, RowSink, SheetRow } from './sheet-row';
import { buildXlsxTemplate } from './upload-template';
import { minimalXlsxParts, zipArchive, type ZipEntrySpec } from './upload-test-support';
import { isDateFormatCode } from './xlsx-workbook';
import { readXlsxRows } from './xlsx-reader';
import { readXmlPart } from './xml-part';
import { openZip } from './zip-guard';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

async function read(buffer: Buffer, sink: Partial<RowSink> = {}) {
  const rows: SheetRow[] = [];
  const sheets = await readXlsxRows(buffer, { ...sink, accept: (row) => void rows.push(row) });
  return { sheets, rows: rows.map((r) => [r.rowNumber, ...r.cells]), date1904: rows[0]?.date1904 };
}

describe('files saved by Microsoft Excel', () => {
  it.each([
    ['excel-exceljs-gold.xlsx', 'Microsoft Excel'],
    ['excel-sheetjs-1904.xlsx', 'Microsoft Macintosh Excel'],
    ['excel-sheetjs-phonetic-text.xlsx', 'Microsoft Macintosh Excel'],
  ])('%s was saved by %s', async (name, application) => {
    expect(await applicationOf(fixture(name))).toBe(application);
  });

  it('reads shared strings, numbers, a date cell, a formula’s text result and a hyperlink’s text', async () => {
    const { sheets, rows, date1904 } = await read(fixture('excel-exceljs-gold.xlsx'));
    expect(sheets).toEqual({ read: 'Values', otherBookingSheets: [] });
    expect(date1904).toBe(false);
    expect(rows).toEqual([
      [1, 'Text', 'I am Text'],
      [2, 'Number', 3.14],
      [3, 'Integer', 5],
      [4, 'Date', day('2016-05-17')], // serial 42507 in built-in format 14
      [5, 'Formula', 'I am Text'], // =B1, t="str"
      [6, 'Hyperlink', 'exceljs'],
    ]);
  });

  it('counts a 1904 workbook’s dates from 1904: each date cell is the day Excel’s own TEXT() shows', async () => {
    const { rows, date1904 } = await read(fixture('excel-sheetjs-1904.xlsx'));
    expect(date1904).toBe(true);
    expect(rows).toEqual([
      [1, 1, day('1904-01-02'), '1904-01-02', '1904-01-02'],
      [2, 11, day('1904-01-12'), '1904-01-12', '1904-01-12'],
      [3, 111, day('1904-04-21'), '1904-04-21', '1904-04-21'],
      [4, 1111, day('1907-01-16'), '1907-01-16', '1907-01-16'],
      [5, 11111, day('1934-06-03'), '1934-06-03', '1934-06-03'],
    ]);
  });

  it('reads rich text as its runs joined and leaves the phonetic runs out', async () => {
    const { rows } = await read(fixture('excel-sheetjs-phonetic-text.xlsx'));
    expect(rows).toEqual([
      [1, '漢字'],
      [2, '漢字withColor'],
    ]);
  });
});

describe('files saved by LibreOffice Calc', () => {
  const header = [
    'Rechnungsdatum',
    'Rechnungsnummer',
    'Debitornummer',
    'Lieferort',
    'Artikelnummer',
    'Nettobetrag',
    'Zusatzinformation',
    'Kreditornummer',
  ];

  it('reads date cells, number cells and codes kept as text; the blank row is not there', async () => {
    const { sheets, rows } = await read(fixture('libreoffice-bookings.xlsx'));
    expect(await applicationOf(fixture('libreoffice-bookings.xlsx'))).toMatch(/^LibreOffice\/7\.4/);
    expect(sheets.read).toBe('libreoffice-bookings');
    expect(rows).toEqual([
      [1, ...header],
      [2, day('2026-03-15'), '0815', 880001, 'Rathaus', 88001, 1234.56, 'Erste Lieferung', 880001],
      [3, day('2026-02-01'), '4711E3', 880001, 'Schule Nord', 88001, -12.5, null, 880001],
      [
        4,
        day('2026-02-28'),
        '123456789012345678',
        880001,
        'Lager; Halle 2',
        88001,
        52326.1,
        'Umlaute äöü ß',
        880001,
      ],
      [6, day('2026-03-02'), '00042', 880001, 'Bauhof', 88001, 99.9, 'Letzte', 880001],
    ]);
  });

  it('reads a formula’s stored result with all its decimals', async () => {
    const { rows } = await read(fixture('libreoffice-formula.xlsx'));
    expect(rows).toEqual([
      [1, ...header],
      [2, day('2026-03-02'), 'RE-1', 880001, 'Bauhof', 88001, 33.3333333333333, 'Formel', 880001],
    ]);
  });
});

describe('files the project’s exceljs writer makes', () => {
  it('reads the upload template back: header, a date cell, number cells, text cells', async () => {
    const { sheets, rows } = await read(await buildXlsxTemplate({ creditorNumber: 70002 }));
    expect(sheets.read).toBe('Buchungen');
    expect(rows).toEqual([
      [1, ...UPLOAD_COLUMNS.map((column) => column.header)],
      [
        2,
        day('2025-03-15'),
        'RE-2025-0815',
        10001,
        'Rathaus, Marktplatz 1, 60311 Frankfurt am Main',
        1200,
        1234.56,
        'Lieferung in zwei Teilen',
        70002,
      ],
    ]);
  });

  it('reads every kind of value exceljs writes, in the 1904 date system too', async () => {
    for (const date1904 of [false, true]) {
      const workbook = new ExcelJS.Workbook();
      workbook.properties.date1904 = date1904;
      const sheet = workbook.addWorksheet('Werte');
      sheet.addRow([
        'Text',
        { richText: [{ text: 'fett ', font: { bold: true } }, { text: 'normal' }] },
        { formula: 'A1&"!"', result: 'Text!' },
        { formula: '1/3', result: 1 / 3 },
        { formula: '1/0', result: { error: '#DIV/0!' } },
        true,
        { text: 'Verweis', hyperlink: 'https://example.org' },
      ]);
      const dateRow = sheet.addRow([new Date('2026-03-15T00:00:00.000Z'), 1234.56, null, -0.5]);
      dateRow.getCell(1).numFmt = 'dd.mm.yyyy';
      dateRow.getCell(2).numFmt = '#,##0.00';
      sheet.getCell('C5').value = 'nach einer Lücke';
      const { rows, date1904: read1904 } = await read(Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(read1904).toBe(date1904);
      expect(rows).toEqual([
        [1, 'Text', 'fett normal', 'Text!', 1 / 3, '#DIV/0!', true, 'Verweis'],
        [2, day('2026-03-15'), 1234.56, null, -0.5],
        [5, null, null, 'nach einer Lücke'],
      ]);
    }
  });
});

describe('hand-made parts', () => {
  const WORKBOOK_NS =
    'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

  /** A workbook of one sheet with these parts replaced or added. */
  function workbook(sheet: string, extra: ZipEntrySpec[] = []): Buffer {
    const parts = minimalXlsxParts(sheet);
    for (const part of extra) {
      const at = parts.findIndex((p) => p.name === part.name);
      if (at >= 0) parts[at] = part;
      else parts.push(part);
    }
    return zipArchive(parts);
  }
  const part = (name: string, xml: string): ZipEntrySpec => ({ name, data: Buffer.from(xml) });
  const sheetOf = (rows: string) => `<worksheet ${WORKBOOK_NS}><sheetData>${rows}</sheetData></worksheet>`;

  it('reads each cell type by its t, and formulas by their cached result', async () => {
    const { rows } = await read(
      workbook(
        sheetOf(
          '<row r="1">' +
            '<c r="A1" t="b"><v>1</v></c><c r="B1" t="b"><f>1=2</f><v>0</v></c>' +
            '<c r="C1" t="e"><v>#N/A</v></c><c r="D1" t="e"><f>NA()</f><v>#N/A</v></c>' +
            '<c r="E1" t="str"><f>"a"&amp;"b"</f><v>ab</v></c><c r="F1"><f>2*3</f><v>6</v></c>' +
            '<c r="G1" t="n"><v>1.5E+3</v></c><c r="H1" t="d"><v>2026-03-15T10:30:00</v></c>' +
            '<c r="I1" t="d"><v>2026-03-15</v></c><c r="J1"><f>A1</f></c><c r="K1"><v>  </v></c>' +
            '<c r="L1" t="s"><v>0</v></c><c r="M1" t="s"><v>7</v></c>' +
            '</row>',
        ),
        [part('xl/sharedStrings.xml', '<sst><si><t>geteilt</t></si></sst>')],
      ),
    );
    expect(rows).toEqual([
      [
        1,
        true,
        false,
        '#N/A',
        '#N/A',
        'ab',
        6,
        1500,
        new Date('2026-03-15T10:30:00.000Z'),
        day('2026-03-15'),
        null, // a formula without a cached result
        null, // a number that is none
        'geteilt',
        // M1: shared string 7 does not exist
      ],
    ]);
  });

  it('places cells by their reference: gaps are null, a cell without r follows the one before', async () => {
    const { rows } = await read(
      workbook(
        sheetOf(
          '<row r="2"><c r="C2"><v>3</v></c><c><v>4</v></c><c r="F2" s="0"/></row>' +
            '<row><c r="B3"><v>1</v></c></row><row r="3"><c><v>9</v></c></row>',
        ),
      ),
    );
    // Row 3 without r follows row 2; the row that says r="3" again is not numbered backwards.
    expect(rows).toEqual([
      [2, null, null, 3, 4],
      [3, null, 1],
      [4, 9],
    ]);
  });

  it('reads parts whose elements carry a namespace prefix, and ignores extensions that reuse names', async () => {
    const prefixed =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>präfix</x:t></x:is></x:c><x:c r="B1" s="1"><x:v>46096</x:v></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    const styles =
      '<x:styleSheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<x:cellXfs><x:xf numFmtId="0"/><x:xf numFmtId="14"/></x:cellXfs></x:styleSheet>';
    const book =
      `<workbook ${WORKBOOK_NS}><workbookPr date1904="false"/><sheets><sheet name="Tabelle1" sheetId="1" r:id="rId1"/></sheets>` +
      '<extLst><ext><x15:workbookPr xmlns:x15="urn:x15" date1904="1"/></ext></extLst></workbook>';
    const { rows, date1904 } = await read(
      workbook(prefixed, [part('xl/styles.xml', styles), part('xl/workbook.xml', book)]),
    );
    expect(date1904).toBe(false);
    expect(rows).toEqual([[1, 'präfix', day('2026-03-15')]]);
  });

  it('joins an inline string’s runs, leaves out phonetic runs and undoes _xHHHH_ escapes', async () => {
    const { rows } = await read(
      workbook(
        sheetOf(
          '<row r="1"><c r="A1" t="inlineStr"><is><r><rPr><b/></rPr><t>Zeile_x000D_</t></r><r><t xml:space="preserve">&#10;zwei </t></r>' +
            '<rPh sb="0" eb="1"><t>ignoriert</t></rPh></is></c>' +
            '<c r="B1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>',
        ),
        [
          part(
            'xl/sharedStrings.xml',
            '<sst><si><t>a_x005F_x000D_b</t></si><si><r><t>fett</t></r><r><t>&amp;normal</t></r><rPh><t>x</t></rPh></si></sst>',
          ),
        ],
      ),
    );
    expect(rows).toEqual([[1, 'Zeile\r\nzwei ', 'a_x000D_b', 'fett&normal']]);
  });

  it('tells date cells by their style’s number format: built-in ids and custom codes', async () => {
    const ids = [0, 1, 2, 14, 15, 22, 27, 36, 45, 47, 49, 50, 58, 164, 165, 166, 167];
    const styles =
      '<styleSheet><numFmts>' +
      '<numFmt numFmtId="164" formatCode="DD.MM.YYYY"/><numFmt numFmtId="165" formatCode="#,##0.00 &quot;Tage&quot;"/>' +
      '<numFmt numFmtId="166" formatCode="[$-407]d/ m/ yyyy;@"/><numFmt numFmtId="167" formatCode="General"/>' +
      '</numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs>' +
      ids.map((id) => `<xf numFmtId="${id}"/>`).join('') +
      '</cellXfs><dxfs><dxf><numFmt numFmtId="165" formatCode="yyyy"/></dxf></dxfs></styleSheet>';
    const cells = ids.map((_, s) => `<c r="${String.fromCharCode(65 + s)}1" s="${s}"><v>46096</v></c>`);
    const { rows } = await read(
      workbook(sheetOf(`<row r="1">${cells.join('')}</row>`), [part('xl/styles.xml', styles)]),
    );
    const date = day('2026-03-15');
    expect(rows).toEqual([
      [
        1,
        46096,
        46096,
        46096,
        date,
        date,
        date,
        date,
        date,
        date,
        date,
        46096,
        date,
        date,
        date,
        46096,
        date,
        46096,
      ],
    ]);
  });

  it('reads a custom format code as a date only for d, m, y, h or s outside quotes, escapes and brackets', () => {
    const dates = [
      'dd.mm.yyyy',
      'DD.MM.YY',
      'mmm yy',
      'h:mm',
      '[h]:mm:ss',
      '[$-F800]dddd, mmmm dd, yyyy',
      'yyyy\\-mm\\-dd;@',
      'AM/PM h',
    ];
    const numbers = [
      'General',
      '0.00',
      '#,##0 "Stück"',
      '0\\h',
      '[Red]0.00',
      '_-* #,##0.00 €_-',
      '@',
      '0.00E+00',
      '"d"0',
    ];
    expect(dates.filter((code) => !isDateFormatCode(code))).toEqual([]);
    expect(numbers.filter(isDateFormatCode)).toEqual([]);
  });

  it('picks the visible sheets through the relationships, in tab order', async () => {
    const book =
      `<workbook ${WORKBOOK_NS}><sheets>` +
      '<sheet name="Versteckt" sheetId="1" state="hidden" r:id="rId1"/>' +
      '<sheet name="Notizen" sheetId="2" r:id="rId2"/><sheet name="Buchungen" sheetId="3" r:id="rId3"/>' +
      '</sheets></workbook>';
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      ['sheet1', 'sheet2', 'sheet3']
        .map((s, i) => `<Relationship Id="rId${i + 1}" Type="…/worksheet" Target="worksheets/${s}.xml"/>`)
        .join('') +
      '<Relationship Id="rId9" Type="…/sharedStrings" Target="/xl/strings.xml"/></Relationships>';
    const text = (v: string) => `<row r="1"><c r="A1" t="inlineStr"><is><t>${v}</t></is></c></row>`;
    const file = workbook(sheetOf(text('Kopf')), [
      part('xl/workbook.xml', book),
      part('xl/_rels/workbook.xml.rels', rels),
      part('xl/worksheets/sheet2.xml', sheetOf('<row r="1"><c r="A1" t="s"><v>0</v></c></row>')),
      part('xl/worksheets/sheet3.xml', sheetOf(text('Kopf'))),
      part('xl/strings.xml', '<sst><si><t>Notiz</t></si></sst>'),
    ]);
    const recognisesHeader = (cells: readonly CellValue[]) => cells[0] === 'Kopf';
    expect(await read(file, { recognisesHeader })).toEqual({
      sheets: { read: 'Buchungen', otherBookingSheets: [] },
      rows: [[1, 'Kopf']],
      date1904: false,
    });
    // Without a recognised header: the first visible sheet, whose shared string comes from the rels' part.
    expect((await read(file, { recognisesHeader: () => false })).rows).toEqual([[1, 'Notiz']]);
  });

  it('keeps a character whole that the inflating stream splits between two chunks', async () => {
    const xml = Buffer.from('<t>äöü€𝄞</t>');
    const texts: string[] = [];
    await readXmlPart(Readable.from([xml.subarray(0, 5), xml.subarray(5, 9), xml.subarray(9)]), {
      text: (t) => void texts.push(t),
    });
    expect(texts.join('')).toBe('äöü€𝄞');
  });
});

/** The <Application> of docProps/app.xml, read through the zip guard like any part. */
async function applicationOf(file: Buffer): Promise<string | undefined> {
  const zip = await openZip(file);
  try {
    let application: string | undefined;
    let inApplication = false;
    await readXmlPart(await zip.open('docProps/app.xml'), {
      opentag: (tag) => void (inApplication = tag.name === 'Application'),
      text: (t) => void (inApplication && (application = (application ?? '') + t)),
      closetag: () => void (inApplication = false),
    });
    return application;
  } finally {
    zip.close();
  }
}
