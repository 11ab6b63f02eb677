// The files German users produce, read into booking candidates: every encoding, delimiter, number
// and date format; header matching; row numbers; limits.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../auth/session-user';
import type { BookingCandidate } from '../bookings/bookings.validation';
import { BookingRowCollector } from './booking-rows';
import { readCsvRows } from './csv-reader';
import { readBookings } from './upload.service';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { csvFile, type Encoding, HEADER } from './upload-test-support';
import { UploadRejection } from './upload-rejection';

const admin: SessionUser = {
  id: 1,
  emailAddress: 'a@test',
  isAdmin: true,
  isActive: true,
  creditorNumber: null,
  tokenVersion: 1,
  secondFactor: false,
};
const supplier: SessionUser = { ...admin, isAdmin: false, creditorNumber: 70001 };

interface Booking {
  day: [number, number, number];
  number: string;
  debitor: number;
  location: string;
  article: number;
  cents: number;
  info: string;
  creditor: number;
}

const BOOKINGS: Booking[] = [
  {
    day: [2025, 3, 5],
    number: 'RE-1',
    debitor: 10001,
    location: 'Rathaus München, Straße 1',
    article: 1200,
    cents: 123456,
    info: 'Preis „netto“ – 12 €',
    creditor: 70001,
  },
  {
    day: [2024, 12, 31],
    number: '0815',
    debitor: 10002,
    location: 'Schule; Aula',
    article: 1201,
    cents: -1250,
    info: '',
    creditor: 70001,
  },
  {
    day: [2025, 1, 9],
    number: '#1000',
    debitor: 10003,
    location: 'Bauhof\nTor 2',
    article: 999001,
    cents: 100000000,
    info: 'sagte "Hallo"',
    creditor: 70001,
  },
];

const expected = (b: Booking): BookingCandidate => {
  const iso = `${b.day[0]}-${String(b.day[1]).padStart(2, '0')}-${String(b.day[2]).padStart(2, '0')}`;
  const euros = Math.trunc(b.cents / 100);
  const rest = Math.abs(b.cents % 100);
  const net = `${b.cents < 0 && euros === 0 ? '-' : ''}${euros}${rest ? `.${String(rest).padStart(2, '0').replace(/0$/, '')}` : ''}`;
  return {
    invoiceDate: iso,
    invoiceNumber: b.number,
    net,
    debitorNumber: b.debitor,
    deliveryLocation: b.location,
    articleNumber: b.article,
    additionalInformation: b.info === '' ? null : b.info,
    creditorNumber: b.creditor,
  };
};

type DateFormat = 'dd.MM.yyyy' | 'd.M.yyyy' | 'ddMMyyyy' | 'iso';
type AmountFormat = 'german-grouped' | 'german' | 'dot';

function formatDay([y, m, d]: [number, number, number], format: DateFormat): string {
  const p = (n: number) => String(n).padStart(2, '0');
  if (format === 'iso') return `${y}-${p(m)}-${p(d)}`;
  if (format === 'ddMMyyyy') return `${p(d)}${p(m)}${y}`;
  return format === 'd.M.yyyy' ? `${d}.${m}.${y}` : `${p(d)}.${p(m)}.${y}`;
}

function formatCents(cents: number, format: AmountFormat): string {
  const fixed = (Math.abs(cents) / 100).toFixed(2);
  const sign = cents < 0 ? '-' : '';
  if (format === 'dot') return sign + fixed;
  const [int, frac] = fixed.split('.');
  const grouped = format === 'german-grouped' ? int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : int;
  return `${sign}${grouped},${frac}`;
}

function bookingRow(b: Booking, dateFormat: DateFormat, amountFormat: AmountFormat): string[] {
  return [
    formatDay(b.day, dateFormat),
    b.number,
    String(b.debitor),
    b.location,
    String(b.article),
    formatCents(b.cents, amountFormat),
    b.info,
    String(b.creditor),
  ];
}

const strip = (c: BookingCandidate) => {
  const { rawInvoiceDate: _d, rawNet: _n, ...rest } = c;
  return rest;
};

describe('CSV corpus: every encoding, delimiter, line end, date and amount format', () => {
  const encodings: Encoding[] = ['windows-1252', 'utf8', 'utf8-bom', 'utf16le-bom'];
  const delimiters = [';', ',', '\t'];
  const lineEnds = ['\r\n', '\n'];
  const dateFormats: DateFormat[] = ['dd.MM.yyyy', 'd.M.yyyy', 'ddMMyyyy', 'iso'];
  const amountFormats: AmountFormat[] = ['german-grouped', 'german', 'dot'];

  for (const encoding of encodings) {
    for (const delimiter of delimiters) {
      it(`${encoding}, delimiter ${JSON.stringify(delimiter)}`, async () => {
        for (const lineEnd of lineEnds) {
          for (const dateFormat of dateFormats) {
            for (const amountFormat of amountFormats) {
              const file = csvFile(
                [HEADER, ...BOOKINGS.map((b) => bookingRow(b, dateFormat, amountFormat))],
                { delimiter, lineEnd, encoding },
              );
              const { candidates, rowNumbers, cellErrors } = await readBookings(file, admin);
              expect(candidates.map(strip), `${lineEnd} ${dateFormat} ${amountFormat}`).toEqual(
                BOOKINGS.map(expected),
              );
              // The third booking's location holds a line break: the row after it would start one line later.
              expect(rowNumbers).toEqual([2, 3, 4]);
              expect(cellErrors.flat()).toEqual([]);
            }
          }
        }
      });
    }
  }
});

describe('header row', () => {
  const row = bookingRow(BOOKINGS[0]!, 'dd.MM.yyyy', 'german');

  it('matches names case- and space-insensitively, in any order, with the alias and extra columns', async () => {
    const header = [
      '  kreditor NUMMER',
      'Notiz',
      'RECHNUNGSDATUM',
      'Bestell-/Rechnungsnummer',
      'debitornummer',
      'Liefer ort',
      'artikelnummer',
      'Netto betrag',
      'zusatzinformation',
    ];
    const values = [row[7]!, 'egal', row[0]!, row[1]!, row[2]!, row[3]!, row[4]!, row[5]!, row[6]!];
    const { candidates } = await readBookings(csvFile([header, values]), admin);
    expect(strip(candidates[0]!)).toEqual(expected(BOOKINGS[0]!));
  });

  it('ignores headers such as __proto__ and constructor without touching any prototype', async () => {
    const header = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', ...HEADER];
    const { candidates } = await readBookings(
      csvFile([header, ['{"polluted":1}', 'x', 'y', 'z', ...row]]),
      admin,
    );
    expect(candidates).toHaveLength(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it('names all missing required columns in one message (admins need Kreditornummer)', async () => {
    await expect(
      readBookings(
        csvFile([
          ['Rechnungsnummer', 'Lieferort'],
          ['1', 'x'],
        ]),
        admin,
      ),
    ).rejects.toThrow(
      'In der Überschriftenzeile fehlen Pflichtspalten: Rechnungsdatum, Debitornummer, Artikelnummer, Nettobetrag, Kreditornummer. Bitte verwenden Sie die Vorlage.',
    );
  });

  it('says the separator is unknown when the header is one cell of several column names', async () => {
    const piped = [HEADER.join('|'), row.join('|')].join('\r\n');
    await expect(readBookings(Buffer.from(piped), admin)).rejects.toThrow(UPLOAD_MESSAGES.unknownDelimiter);
    // One unknown name alone is a header that misses its columns, as before.
    await expect(readBookings(Buffer.from('Buchungen\r\n1'), admin)).rejects.toThrow(/fehlen Pflichtspalten/);
  });

  it('lets a supplier leave out Kreditornummer (and Zusatzinformation): its creditor is filled in by the validation', async () => {
    const header = HEADER.slice(0, 6);
    const { candidates } = await readBookings(csvFile([header, row.slice(0, 6)]), supplier);
    expect(candidates[0]).toMatchObject({
      creditorNumber: null,
      additionalInformation: null,
      articleNumber: 1200,
    });
  });

  it('skips title rows above the header (in CSV and xlsx) and keeps the file’s row numbers', async () => {
    const csv = await readBookings(
      csvFile([['Buchungen März 2025', '', ''], ['Stand: 31.03.2025'], HEADER, row]),
      admin,
    );
    expect(csv.rowNumbers).toEqual([4]);
    expect(csv.candidates[0]!.invoiceNumber).toBe(BOOKINGS[0]!.number);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Buchungen');
    sheet.addRow(['Meldung der Firma Muster GmbH']);
    sheet.addRow([]);
    sheet.addRow(HEADER);
    sheet.addRow(row);
    const xlsx = await readBookings(Buffer.from(await workbook.xlsx.writeBuffer()), admin);
    expect(xlsx.rowNumbers).toEqual([4]);
  });

  it('takes the first row naming a column as the header, and names what it lacks', async () => {
    const partial = csvFile([['Buchungen März 2025'], HEADER.filter((h) => h !== 'Lieferort'), row]);
    await expect(readBookings(partial, admin)).rejects.toMatchObject({
      message: UPLOAD_MESSAGES.missingColumns('Lieferort'),
      rowNumber: 2,
    });
    // Without any header among the first rows: the first row's lack, as before.
    const headless = csvFile(Array.from({ length: 8 }, () => row));
    await expect(readBookings(headless, admin)).rejects.toMatchObject({ rowNumber: 1 });
  });

  it('refuses a column given twice', async () => {
    await expect(
      readBookings(
        csvFile([
          [...HEADER, 'Bestell-/Rechnungsnummer'],
          [...row, 'x'],
        ]),
        admin,
      ),
    ).rejects.toThrow('Die Spalte „Rechnungsnummer“ kommt in der Überschriftenzeile mehrfach vor.');
  });

  it('refuses an empty file and a file with only the header', async () => {
    await expect(readBookings(Buffer.alloc(0), admin)).rejects.toThrow('Die Datei ist leer.');
    await expect(readBookings(Buffer.from('\r\n;;;\r\n  \r\n'), admin)).rejects.toThrow(
      'Die Datei ist leer.',
    );
    await expect(readBookings(csvFile([HEADER]), admin)).rejects.toThrow(
      'Die Datei enthält keine Datenzeilen, nur die Überschriftenzeile.',
    );
  });
});

describe('rows', () => {
  it('skips empty lines but keeps counting them', async () => {
    const row = bookingRow(BOOKINGS[0]!, 'dd.MM.yyyy', 'german');
    const file = Buffer.from(
      [';;;', HEADER.join(';'), row.join(';'), '', ';;;;;;;', '  ', row.join(';'), ''].join('\r\n'),
    );
    const { rowNumbers } = await readBookings(file, admin);
    expect(rowNumbers).toEqual([3, 7]);
  });

  it('reports cells that are no number, and keeps the typed text of dates and amounts', async () => {
    const file = csvFile([HEADER, ['31.02.2025', 'R1', 'abc', 'Ort', '12,5', '12 Euro', '', '70001']]);
    const { candidates, cellErrors } = await readBookings(file, admin);
    expect(candidates[0]).toMatchObject({
      invoiceDate: null,
      rawInvoiceDate: '31.02.2025',
      net: null,
      rawNet: '12 Euro',
      debitorNumber: null,
      articleNumber: null,
    });
    expect(cellErrors[0]).toEqual([
      { property: 'Debitornummer', message: 'Bitte geben Sie eine positive ganze Zahl ein.', rowNumber: 2 },
      { property: 'Artikelnummer', message: 'Bitte geben Sie eine positive ganze Zahl ein.', rowNumber: 2 },
    ]);
  });

  it('reads the bookings export back (its extra columns are ignored, its formula guard undone)', async () => {
    const exportHeader = [
      'Rechnungsdatum',
      'Rechnungsnummer',
      'Debitornummer',
      'Debitorname',
      'Lieferort',
      'Artikelnummer',
      'Artikelname',
      'Nettobetrag',
      'Zusatzinformation',
      'Kreditornummer',
      'Kreditorname',
      'Erstellt am',
      'Erstellt von',
      'Exportiert am',
    ];
    const line = [
      '05.03.2025',
      'RE-1',
      '10001',
      'Gemeinde',
      "'=Lager",
      '1200',
      'Papier',
      '-1.234,50',
      '',
      '70001',
      'Lieferant GmbH',
      '06.03.2025 10:15',
      'x@test',
      '',
    ];
    const { candidates } = await readBookings(csvFile([exportHeader, line], { encoding: 'utf8-bom' }), admin);
    expect(strip(candidates[0]!)).toEqual({
      invoiceDate: '2025-03-05',
      invoiceNumber: 'RE-1',
      net: '-1234.5',
      debitorNumber: 10001,
      deliveryLocation: '=Lager',
      articleNumber: 1200,
      additionalInformation: null,
      creditorNumber: 70001,
    });
  });

  it('stops at the row limit with a clear message', () => {
    const collector = new BookingRowCollector(admin, { maxRows: 3 });
    const rows = [HEADER, ...Array.from({ length: 4 }, () => bookingRow(BOOKINGS[0]!, 'iso', 'dot'))];
    expect(() => readCsvRows(csvFile(rows), collector)).toThrow(UploadRejection);
    expect(() => readCsvRows(csvFile(rows), new BookingRowCollector(admin, { maxRows: 3 }))).toThrow(
      'Die Datei enthält mehr als 3 Datenzeilen. Bitte teilen Sie sie auf mehrere Dateien auf.',
    );
  });

  it('accepts 100,000 data rows and refuses 100,001', async () => {
    const line = bookingRow(BOOKINGS[0]!, 'dd.MM.yyyy', 'german').join(';');
    const file = (n: number) =>
      Buffer.from([HEADER.join(';'), ...Array.from({ length: n }, () => line)].join('\r\n'));
    expect((await readBookings(file(100_000), admin)).candidates).toHaveLength(100_000);
    await expect(readBookings(file(100_001), admin)).rejects.toThrow(
      'Die Datei enthält mehr als 100.000 Datenzeilen.',
    );
  });
});

describe('xlsx written by exceljs', () => {
  it('reads real date and number cells, text cells in CSV formats, rich text and formulas, with sheet row numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Buchungen');
    sheet.addRow(HEADER);
    const dateCell = sheet.getRow(2);
    dateCell.values = [
      new Date(Date.UTC(2025, 2, 5)),
      'RE-1',
      10001,
      'Rathaus',
      1200,
      1234.56,
      'Info',
      70001,
    ];
    dateCell.getCell(1).numFmt = 'dd.mm.yyyy';
    dateCell.getCell(6).numFmt = '#,##0.00';
    // row 3 empty; row 4: everything as text in the CSV formats
    sheet.getRow(4).values = ['5.3.2025', '0815', '010002', 'Schule', '001201', '1.234,56', '', '70001'];
    sheet.getRow(5).values = [
      { formula: 'DATE(2025,3,5)', result: new Date(Date.UTC(2025, 2, 5)) },
      { richText: [{ text: 'RE-' }, { text: '3', font: { bold: true } }] },
      10003,
      { text: 'Bauhof', hyperlink: 'https://example.org' },
      1202,
      { formula: 'A1*0+0.1+0.2', result: 0.30000000000000004 },
      null,
      70001,
    ];
    sheet.getRow(5).getCell(1).numFmt = 'dd.mm.yyyy';
    sheet.getRow(6).values = [
      new Date(Date.UTC(2024, 11, 31, 23, 30)),
      'RE-4',
      10004,
      'Ort',
      1203,
      -12.5,
      '',
      70001,
    ];
    sheet.getRow(6).getCell(1).numFmt = 'dd.mm.yyyy hh:mm';
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

    const { candidates, rowNumbers } = await readBookings(buffer, admin);
    expect(rowNumbers).toEqual([2, 4, 5, 6]);
    expect(candidates.map(strip)).toEqual([
      {
        invoiceDate: '2025-03-05',
        invoiceNumber: 'RE-1',
        net: '1234.56',
        debitorNumber: 10001,
        deliveryLocation: 'Rathaus',
        articleNumber: 1200,
        additionalInformation: 'Info',
        creditorNumber: 70001,
      },
      {
        invoiceDate: '2025-03-05',
        invoiceNumber: '0815',
        net: '1234.56',
        debitorNumber: 10002,
        deliveryLocation: 'Schule',
        articleNumber: 1201,
        additionalInformation: null,
        creditorNumber: 70001,
      },
      {
        invoiceDate: '2025-03-05',
        invoiceNumber: 'RE-3',
        net: '0.3',
        debitorNumber: 10003,
        deliveryLocation: 'Bauhof',
        articleNumber: 1202,
        additionalInformation: null,
        creditorNumber: 70001,
      },
      {
        invoiceDate: '2024-12-31',
        invoiceNumber: 'RE-4',
        net: '-12.5',
        debitorNumber: 10004,
        deliveryLocation: 'Ort',
        articleNumber: 1203,
        additionalInformation: null,
        creditorNumber: 70001,
      },
    ]);
  });

  it('reads the first sheet in tab order, not the first part in the zip', async () => {
    const workbook = new ExcelJS.Workbook();
    const hidden = workbook.addWorksheet('Hilfsdaten', { state: 'hidden' });
    hidden.addRow(['nichts']);
    const first = workbook.addWorksheet('Buchungen');
    first.addRow(HEADER);
    first.addRow(bookingRow(BOOKINGS[0]!, 'dd.MM.yyyy', 'german'));
    workbook.addWorksheet('Notizen').addRow(['egal']);
    const { candidates, sheets } = await readBookings(Buffer.from(await workbook.xlsx.writeBuffer()), admin);
    expect(candidates).toHaveLength(1);
    expect(sheets).toEqual({ read: 'Buchungen', otherBookingSheets: [] });
  });

  it('reads the first sheet with a bookings header, past sheets of notes, and names the other bookings sheets', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Anleitung').addRow(['Bitte die Vorlage verwenden']);
    // A list of articles is no bookings sheet: its header lacks the booking's columns.
    workbook.addWorksheet('Artikel').addRow(['Artikelnummer', 'Bezeichnung']);
    for (const name of ['März', 'April', 'Mai']) {
      const sheet = workbook.addWorksheet(name);
      sheet.addRow([]);
      sheet.addRow(HEADER);
      sheet.addRow(bookingRow(BOOKINGS[0]!, 'dd.MM.yyyy', 'german'));
    }
    const { candidates, rowNumbers, sheets } = await readBookings(
      Buffer.from(await workbook.xlsx.writeBuffer()),
      admin,
    );
    expect(candidates).toHaveLength(1);
    expect(rowNumbers).toEqual([3]);
    expect(sheets).toEqual({ read: 'März', otherBookingSheets: ['April', 'Mai'] });
  });

  it('names five other bookings sheets and counts the rest, each name cut to Excel’s 31 characters', async () => {
    const workbook = new ExcelJS.Workbook();
    for (let month = 1; month <= 8; month++) {
      const sheet = workbook.addWorksheet(`Monat ${month}`);
      sheet.addRow(HEADER);
      sheet.addRow(bookingRow(BOOKINGS[0]!, 'dd.MM.yyyy', 'german'));
    }
    const { sheets } = await readBookings(Buffer.from(await workbook.xlsx.writeBuffer()), admin);
    expect(sheets!.otherBookingSheets).toHaveLength(7);
    expect(UPLOAD_MESSAGES.otherBookingSheets(sheets!.read, sheets!.otherBookingSheets)).toBe(
      'Gelesen wird nur das Tabellenblatt „Monat 1“. Die Tabellenblätter „Monat 2“, „Monat 3“, „Monat 4“, „Monat 5“, „Monat 6“ und 2 weitere enthalten ebenfalls Buchungsspalten und werden nicht importiert; laden Sie sie bei Bedarf als eigene Dateien hoch.',
    );
  });

  it('reads the first visible sheet when no sheet has a bookings header, to say what its header lacks', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Tabelle1').addRow(['Rechnungsdatum', 'Rechnungsnummer']);
    workbook.addWorksheet('Tabelle2').addRow(['Notiz']);
    await expect(readBookings(Buffer.from(await workbook.xlsx.writeBuffer()), admin)).rejects.toThrow(
      'In der Überschriftenzeile fehlen Pflichtspalten:',
    );
  });

  it('reads a workbook in the 1904 date system', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.properties.date1904 = true;
    const sheet = workbook.addWorksheet('Buchungen');
    sheet.addRow(HEADER);
    sheet.addRow([new Date(Date.UTC(2025, 2, 15)), 'R', 1, 'Ort', 2, 3, '', 70001]).getCell(1).numFmt =
      'dd.mm.yyyy';
    const { candidates } = await readBookings(Buffer.from(await workbook.xlsx.writeBuffer()), admin);
    expect(candidates[0]!.invoiceDate).toBe('2025-03-15');
  });
});
