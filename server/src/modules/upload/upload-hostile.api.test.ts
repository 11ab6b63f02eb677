// Hostile and broken files through the API: each gets a clear German error within seconds, nothing
// is stored, never a 500, and the server answers the next request normally.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { XLSX_MAX_SHARED_STRINGS } from '@lp/domain/limits';
import { countBookings, createArticle, createCreditor, createDebitor } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import {
  csvFile,
  encryptedOfficeFile,
  minimalXlsxParts,
  minimalOdsParts,
  multipart,
  odsContentXml,
  sheetXml,
  zipArchive,
  HEADER,
} from './upload-test-support';

const t = useTestApp();

/** A workbook whose shared-strings table has `count` different short strings (sheet: the header). */
function sharedStringsBomb(count: number): Buffer {
  const strings = Array.from({ length: count }, (_, i) => `<si><t>${i.toString(36)}</t></si>`).join('');
  return zipArchive([
    ...minimalXlsxParts(sheetXml([HEADER])),
    {
      name: 'xl/sharedStrings.xml',
      data: Buffer.from(`<sst count="${count}" uniqueCount="${count}">${strings}</sst>`),
    },
  ]);
}

let token: string;
let validRow: string[];
let sequence = 0;

beforeAll(async () => {
  const creditor = await createCreditor(t.db);
  const debitor = await createDebitor(t.db);
  const article = await createArticle(t.db);
  validRow = [
    '05.03.2025',
    'H-1',
    String(debitor.number),
    'Rathaus',
    String(article.number),
    '10,00',
    '',
    String(creditor.number),
  ];
  token = await t.login(ADMIN_EMAIL);
});

function upload(content: Buffer, filename: string) {
  return t.request(token, {
    method: 'POST',
    url: '/api/upload?checkForDuplicates=false',
    ...multipart([{ filename, content }]),
  });
}

/** After a hostile file the server still works: health, and a good file is stored. */
async function expectHealthy() {
  expect((await t.request(undefined, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  const good = csvFile([HEADER, validRow.map((v, i) => (i === 1 ? `H-${Date.now()}-${++sequence}` : v))]);
  expect((await upload(good, 'gut.csv')).json()).toMatchObject({ errors: [], count: 1 });
}

const hostile: [string, () => Buffer, string, string][] = [
  [
    'a zip bomb',
    () =>
      zipArchive([
        ...minimalXlsxParts(sheetXml([HEADER])),
        { name: 'xl/media/image1.png', data: Buffer.alloc(400 * 1024 * 1024) },
      ]),
    'bombe.xlsx',
    'Die Excel-Datei ist zu groß oder ungewöhnlich aufgebaut (stark gepackt, sehr viele Teile oder Spalten) und wird aus Sicherheitsgründen nicht verarbeitet.',
  ],
  [
    'an archive of 20,000 entries',
    () =>
      zipArchive([
        ...minimalXlsxParts(sheetXml([HEADER])),
        ...Array.from({ length: 20_000 }, (_, i) => ({
          name: `x/${i}`,
          data: Buffer.from('x'),
          method: 0 as const,
        })),
      ]),
    'viele.xlsx',
    'Die Excel-Datei ist zu groß oder ungewöhnlich aufgebaut (stark gepackt, sehr viele Teile oder Spalten) und wird aus Sicherheitsgründen nicht verarbeitet.',
  ],
  [
    'an xlsx with more shared strings than allowed (millions of tiny ones would cost hundreds of MB)',
    () => sharedStringsBomb(XLSX_MAX_SHARED_STRINGS + 1),
    'texte.xlsx',
    'Die Excel-Datei enthält mehr als 1.500.000 verschiedene Texte. Bitte teilen Sie sie auf mehrere Dateien auf oder speichern Sie sie als CSV-Datei.',
  ],
  [
    'a CSV with a UTF-8 BOM and umlauts and one Windows-1252 byte (its umlauts were stored garbled)',
    () =>
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(`${HEADER.join(';')}\r\n05.03.2025;ENC2;1;München Straße `, 'utf8'),
        Buffer.from([0x96]),
        Buffer.from(' Tor;1;5,00;;1\r\n', 'utf8'),
      ]),
    'gemischt.csv',
    'Die Datei mischt zwei Zeichenkodierungen (UTF-8 und Windows-1252), zuerst in Zeile 2: Umlaute würden verfälscht gespeichert. Bitte speichern Sie die Datei einheitlich, z. B. in Excel als „CSV UTF-8“.',
  ],
  [
    'a password-protected xlsx',
    encryptedOfficeFile,
    'geheim.xlsx',
    'Die Excel-Datei ist kennwortgeschützt. Bitte speichern Sie sie ohne Kennwort und laden Sie sie erneut hoch.',
  ],
  [
    'an old .xls',
    () =>
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.from('Workbook', 'utf16le'),
        Buffer.alloc(4096),
      ]),
    'alt.xls',
    'Das alte Excel-Format (.xls) wird nicht unterstützt. Bitte speichern Sie die Datei als .xlsx oder .csv.',
  ],
  [
    'an .ods zip bomb',
    () =>
      zipArchive([
        ...minimalOdsParts(odsContentXml([HEADER])),
        { name: 'Pictures/bild.png', data: Buffer.alloc(400 * 1024 * 1024) },
      ]),
    'bombe.ods',
    'Die LibreOffice-Datei ist zu groß oder ungewöhnlich aufgebaut (stark gepackt, sehr viele Teile oder Spalten) und wird aus Sicherheitsgründen nicht verarbeitet.',
  ],
  [
    'an .ods of 20,000 entries',
    () =>
      zipArchive([
        ...minimalOdsParts(odsContentXml([HEADER])),
        ...Array.from({ length: 20_000 }, (_, i) => ({
          name: `x/${i}`,
          data: Buffer.from('x'),
          method: 0 as const,
        })),
      ]),
    'viele.ods',
    'Die LibreOffice-Datei ist zu groß oder ungewöhnlich aufgebaut (stark gepackt, sehr viele Teile oder Spalten) und wird aus Sicherheitsgründen nicht verarbeitet.',
  ],
  [
    'an .ods row repeated into millions of cells (a few bytes that name 2.4 million cells)',
    () =>
      zipArchive(
        minimalOdsParts(
          odsContentXml(
            [HEADER],
            '<table:table-row table:number-rows-repeated="60000">' +
              '<table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell>'.repeat(
                40,
              ) +
              '</table:table-row>',
          ),
        ),
      ),
    'zellen.ods',
    'Die LibreOffice-Datei enthält mehr als 2.000.000 Zellen. Bitte teilen Sie sie auf mehrere Dateien auf.',
  ],
  [
    'an .ods cell repeated beyond the last column',
    () =>
      zipArchive(
        minimalOdsParts(
          odsContentXml(
            [HEADER],
            '<table:table-row><table:table-cell office:value-type="string" table:number-columns-repeated="2000000000"><text:p>x</text:p></table:table-cell></table:table-row>',
          ),
        ),
      ),
    'spalten.ods',
    'Die LibreOffice-Datei ist zu groß oder ungewöhnlich aufgebaut (stark gepackt, sehr viele Teile oder Spalten) und wird aus Sicherheitsgründen nicht verarbeitet.',
  ],
  [
    'a password-protected .ods',
    () =>
      zipArchive([
        ...minimalOdsParts('verschlüsselt'),
        {
          name: 'META-INF/manifest.xml',
          data: Buffer.from(
            '<manifest:manifest><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/></manifest:file-entry></manifest:manifest>',
          ),
        },
      ]),
    'geheim.ods',
    'Die LibreOffice-Datei ist kennwortgeschützt. Bitte speichern Sie sie ohne Kennwort und laden Sie sie erneut hoch.',
  ],
  [
    'an OpenDocument text (.odt), a zip like xlsx',
    () =>
      zipArchive([
        { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text'), method: 0 },
        { name: 'content.xml', data: Buffer.from('<office:document-content/>') },
      ]),
    'brief.odt',
    'Die Datei ist ein OpenDocument-Dokument, aber keine Tabelle. Bitte laden Sie eine Tabelle als .ods-, .xlsx- oder .csv-Datei hoch.',
  ],
  [
    'an OpenDocument spreadsheet (.ods) without a table',
    () =>
      zipArchive([
        { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), method: 0 },
        { name: 'content.xml', data: Buffer.from('<office:document-content/>') },
      ]),
    'leer.ods',
    'Die LibreOffice-Datei enthält kein Tabellenblatt.',
  ],
  [
    'an .ods whose content.xml is no XML',
    () =>
      zipArchive([
        { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), method: 0 },
        { name: 'content.xml', data: Buffer.from('<office:document-content><table:table') },
      ]),
    'kaputt.ods',
    'Die LibreOffice-Datei ist beschädigt oder keine gültige .ods-Datei.',
  ],
  [
    'a corrupt xlsx',
    () => zipArchive(minimalXlsxParts(sheetXml([HEADER]))).subarray(0, 300),
    'kaputt.xlsx',
    'Die Excel-Datei ist beschädigt oder keine gültige .xlsx-Datei.',
  ],
  [
    'a binary file named .csv',
    () => crypto.randomBytes(64 * 1024),
    'daten.csv',
    'Die Datei ist weder eine CSV-Datei noch eine Excel-Datei (.xlsx) oder LibreOffice-Datei (.ods). Bitte laden Sie eine .csv-, .xlsx- oder .ods-Datei hoch.',
  ],
  [
    '__proto__ and constructor headers only',
    () =>
      csvFile([
        ['__proto__', 'constructor', 'prototype'],
        ['{"isAdmin":true}', 'x', 'y'],
      ]),
    'proto.csv',
    'In der Überschriftenzeile fehlen Pflichtspalten: Rechnungsdatum, Rechnungsnummer, Debitornummer, Lieferort, Artikelnummer, Nettobetrag, Kreditornummer. Bitte verwenden Sie die Vorlage.',
  ],
  ['an empty file', () => Buffer.alloc(0), 'leer.csv', 'Die Datei ist leer.'],
  [
    'a header only',
    () => csvFile([HEADER]),
    'kopf.csv',
    'Die Datei enthält keine Datenzeilen, nur die Überschriftenzeile.',
  ],
  [
    'an unclosed quote',
    () => Buffer.from(`${HEADER.join(';')}\r\n05.03.2025;"offen;1\r\n`),
    'quote.csv',
    'Die CSV-Datei ist fehlerhaft: Ein Anführungszeichen ab Zeile 2 wird nicht geschlossen.',
  ],
  [
    '100,001 data rows',
    () =>
      Buffer.from(
        [HEADER.join(';'), ...Array.from({ length: 100_001 }, () => validRow.join(';'))].join('\r\n'),
      ),
    'gross.csv',
    'Die Datei enthält mehr als 100.000 Datenzeilen. Bitte teilen Sie sie auf mehrere Dateien auf.',
  ],
];

describe('hostile files', () => {
  it.each(hostile)(
    'refuses %s with a clear message, stores nothing, stays healthy',
    async (_name, build, filename, message) => {
      const content = build();
      const before = await countBookings(t.db);
      const started = performance.now();
      const res = await upload(content, filename);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        errors: [expect.objectContaining({ property: '', message })],
        warnings: [],
        count: 0,
      });
      expect(await countBookings(t.db)).toBe(before);
      await expectHealthy();
    },
  );

  it('answers a file naming 20,000 different unknown creditors with row errors, not a failure', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) =>
      validRow.map((v, c) => (c === 7 ? String(900_000 + i) : v)),
    );
    const res = await upload(csvFile([HEADER, ...rows]), 'kreditoren.csv');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(0);
    expect(body.errors[0]).toEqual({
      property: 'Kreditornummer',
      message: 'Der Kreditor 900000 existiert nicht.',
      rowNumber: 2,
    });
    expect(body.errors).toHaveLength(20_000);
    expect(body.errors.at(-1)).toEqual({
      property: 'Kreditornummer',
      message: 'Der Kreditor 919999 existiert nicht.',
      rowNumber: 20_001,
    });
    await expectHealthy();
  });

  it('ignores __proto__ columns beside the real ones and pollutes nothing', async () => {
    const file = csvFile([
      ['__proto__', 'constructor', ...HEADER],
      ['{"polluted":true}', 'x', ...validRow.map((v, i) => (i === 1 ? `P-${Date.now()}` : v))],
    ]);
    expect((await upload(file, 'proto.csv')).json()).toMatchObject({ errors: [], count: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('cuts a file beyond 20 MB with 413 and a clear message, also without a content length', async () => {
    const before = await countBookings(t.db);
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x41);
    const res = await upload(big, 'riesig.csv');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      errors: [{ property: '', message: 'Die Datei ist zu groß (höchstens 20 MB).' }],
    });

    // A client that streams without announcing the size is cut by the multipart limit.
    const body = multipart([{ filename: 'riesig.csv', content: big }]);
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: Readable.from([body.payload]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().errors[0].message).toBe('Die Datei ist zu groß (höchstens 20 MB).');

    // A body announced far beyond the limit is refused before it is read.
    const announced = await upload(Buffer.alloc(21 * 1024 * 1024, 0x41), 'riesig.csv');
    expect(announced.statusCode).toBe(413);
    expect(announced.json().errors[0].message).toBe('Die Datei ist zu groß (höchstens 20 MB).');
    expect(await countBookings(t.db)).toBe(before);
    await expectHealthy();
  });
});
