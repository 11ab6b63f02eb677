// POST /api/upload and GET /api/upload/template through the HTTP API against a real database.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countBookings,
  createArticle,
  createCreditor,
  createDebitor,
  createUser,
} from '../../../test/factories';
import { MESSAGES, UPLOAD_MESSAGES } from '@lp/domain/messages';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import { csvFile, multipart, type UploadFile, HEADER } from './upload-test-support';
import { readBookings } from './upload.service';

const t = useTestApp();

let adminToken: string;
let supplierToken: string;
let ownCreditor: number;
let otherCreditor: number;
let debitor: number;
let article: number;
let sequence = 0;

beforeAll(async () => {
  ownCreditor = (await createCreditor(t.db)).number;
  otherCreditor = (await createCreditor(t.db)).number;
  debitor = (await createDebitor(t.db)).number;
  article = (await createArticle(t.db)).number;
  const supplier = await createUser(t.db, { creditorNumber: ownCreditor });
  adminToken = await t.login(ADMIN_EMAIL);
  supplierToken = await t.login(supplier.emailAddress);
});

/** A fresh invoice number per call, so tests do not see each other's bookings as duplicates. */
const invoiceNumber = () => `UP-${Date.now()}-${++sequence}`;

function row(
  overrides: Partial<
    Record<'date' | 'number' | 'debitor' | 'location' | 'article' | 'net' | 'info' | 'creditor', string>
  > = {},
) {
  return [
    overrides.date ?? '05.03.2025',
    overrides.number ?? invoiceNumber(),
    overrides.debitor ?? String(debitor),
    overrides.location ?? 'Rathaus Würzburg',
    overrides.article ?? String(article),
    overrides.net ?? '1.234,56',
    overrides.info ?? '',
    overrides.creditor ?? String(ownCreditor),
  ];
}

function upload(token: string | undefined, files: UploadFile[] | Buffer, checkForDuplicates = true) {
  const list = Array.isArray(files) ? files : [{ filename: 'buchungen.csv', content: files }];
  return t.request(token, {
    method: 'POST',
    url: `/api/upload?checkForDuplicates=${checkForDuplicates}`,
    ...multipart(list),
  });
}

async function countBookingsWith(invoiceNumbers: string[]): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'select count(*)::int as n from transactions where invoice_number = any($1)',
    [invoiceNumbers],
  );
  return rows[0]!.n;
}

describe('POST /api/upload', () => {
  it('needs a token', async () => {
    expect((await upload(undefined, csvFile([HEADER, row()]))).statusCode).toBe(401);
    expect(
      (await t.request(undefined, { method: 'GET', url: '/api/upload/template?format=csv' })).statusCode,
    ).toBe(401);
  });

  it("stores an admin's Excel CSV (Windows-1252, ';') and answers the count", async () => {
    const rows = [
      row({ location: 'Straße „Süd“ – Tor 2', info: 'Preis 12 €' }),
      row({ net: '-12,5', date: '1.2.2025' }),
      row({ net: '99.90' }),
    ];
    const res = await upload(adminToken, csvFile([HEADER, ...rows]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errors: [], warnings: [], count: 3 });
    const { rows: stored } = await t.pool.query(
      `select invoice_date::text as d, net::text as net, delivery_location as loc, additional_information as info,
        creditor_number as c, creation_user_email_address as by from transactions where invoice_number = any($1) order by id`,
      [rows.map((r) => r[1])],
    );
    expect(stored).toEqual([
      {
        d: '2025-03-05',
        net: '1234.56',
        loc: 'Straße „Süd“ – Tor 2',
        info: 'Preis 12 €',
        c: ownCreditor,
        by: ADMIN_EMAIL,
      },
      {
        d: '2025-02-01',
        net: '-12.50',
        loc: 'Rathaus Würzburg',
        info: null,
        c: ownCreditor,
        by: ADMIN_EMAIL,
      },
      { d: '2025-03-05', net: '99.90', loc: 'Rathaus Würzburg', info: null, c: ownCreditor, by: ADMIN_EMAIL },
    ]);
  });

  it('reads dates as LibreOffice writes them with "save as shown" (dd.MM.yy, 00–69 → 20xx)', async () => {
    const rows = [row({ date: '05.03.25' }), row({ date: '1.2.25' })];
    expect((await upload(adminToken, csvFile([HEADER, ...rows]))).json()).toEqual({
      errors: [],
      warnings: [],
      count: 2,
    });
    const { rows: stored } = await t.pool.query(
      `select invoice_date::text as d from transactions where invoice_number = any($1) order by id`,
      [rows.map((r) => r[1])],
    );
    expect(stored).toEqual([{ d: '2025-03-05' }, { d: '2025-02-01' }]);
  });

  it('stores an xlsx with real date and number cells, whatever the file is called', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tabelle1');
    sheet.addRow(HEADER);
    const number = invoiceNumber();
    const r = sheet.addRow([
      new Date(Date.UTC(2025, 0, 31)),
      number,
      debitor,
      'Bauhof',
      article,
      250.5,
      null,
      ownCreditor,
    ]);
    r.getCell(1).numFmt = 'dd.mm.yyyy';
    const res = await upload(adminToken, [
      { filename: 'export.csv', content: Buffer.from(await workbook.xlsx.writeBuffer()) },
    ]);
    expect(res.json()).toEqual({ errors: [], warnings: [], count: 1 });
    const { rows } = await t.pool.query(
      'select invoice_date::text as d, net::text as net from transactions where invoice_number = $1',
      [number],
    );
    expect(rows).toEqual([{ d: '2025-01-31', net: '250.50' }]);
  });

  it('reads the bookings sheet of a workbook, and warns of another sheet of bookings that it does not read', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Hinweise').addRow(['Bitte nur Blatt Januar ausfüllen']);
    const [january, february] = [row(), row()];
    const januarySheet = workbook.addWorksheet('Januar');
    januarySheet.addRow(HEADER);
    januarySheet.addRow(january);
    const februarySheet = workbook.addWorksheet('Februar');
    februarySheet.addRow(HEADER);
    februarySheet.addRow(february);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const stored = async (numbers: string[]) =>
      (
        await t.pool.query('select invoice_number from transactions where invoice_number = any($1)', [
          numbers,
        ])
      ).rows.map((r) => r.invoice_number);

    const warned = await upload(supplierToken, [{ filename: 'monate.xlsx', content: file }]);
    expect(warned.json()).toEqual({
      errors: [],
      warnings: [
        {
          property: '',
          message:
            'Gelesen wird nur das Tabellenblatt „Januar“. Das Tabellenblatt „Februar“ enthält ebenfalls Buchungsspalten und wird nicht importiert; laden Sie es bei Bedarf als eigene Datei hoch.',
        },
      ],
      count: 0,
    });
    expect(await stored([january[1]!, february[1]!])).toEqual([]);

    const ignored = await upload(supplierToken, [{ filename: 'monate.xlsx', content: file }], false);
    expect(ignored.json()).toEqual({ errors: [], warnings: [], count: 1 });
    expect(await stored([january[1]!, february[1]!])).toEqual([january[1]]);
  });

  it('stores nothing when any row has an error, and reports every bad row with its number and field', async () => {
    const rows = Array.from({ length: 50 }, () => row());
    rows[5] = row({ debitor: '4242424' }); // file row 7
    rows[18] = row({ date: '01.01.2099', net: 'zwölf' }); // file row 20
    rows[39] = row({ article: 'A-12' }); // file row 41
    const res = await upload(adminToken, csvFile([HEADER, ...rows]));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(0);
    expect(body.warnings).toEqual([]);
    expect(body.errors).toEqual([
      { property: 'Debitornummer', message: 'Der Debitor 4242424 existiert nicht.', rowNumber: 7 },
      {
        property: 'Rechnungsdatum',
        message: 'Das Rechnungsdatum darf nicht in der Zukunft liegen.',
        rowNumber: 20,
      },
      { property: 'Nettobetrag', message: 'Bitte geben Sie eine Zahl ein.', rowNumber: 20 },
      { property: 'Artikelnummer', message: 'Bitte geben Sie eine positive ganze Zahl ein.', rowNumber: 41 },
    ]);
    expect(await countBookingsWith(rows.map((r) => r[1]!))).toBe(0);
  });

  it('lists every error, also beyond the 1,000 the screen shows (the report is complete)', async () => {
    const rows = Array.from({ length: 1_200 }, () => row({ debitor: '' }));
    const body = (await upload(adminToken, csvFile([HEADER, ...rows]))).json();
    expect(body.errors).toHaveLength(1_200);
    expect(body.errors[1_199]).toEqual({
      property: 'Debitornummer',
      message: 'Dieses Feld ist ein Pflichtfeld.',
      rowNumber: 1_201,
    });
  });

  it('warns about duplicates (stored and within the file) and stores only when resubmitted without the check', async () => {
    const first = row();
    expect((await upload(adminToken, csvFile([HEADER, first]))).json().count).toBe(1);

    const twin = row();
    const file = csvFile([HEADER, first, row(), twin, twin]);
    const checked = (await upload(adminToken, file)).json();
    expect(checked.errors).toEqual([]);
    expect(checked.count).toBe(0);
    expect(checked.warnings).toEqual([
      {
        property: 'Rechnungsnummer',
        message: expect.stringContaining(`vom 05.03.2025 mit der Rechnungsnummer ${first[1]}`),
        rowNumber: 2,
      },
      { property: 'Rechnungsnummer', message: expect.stringContaining('Zeile 4'), rowNumber: 5 },
    ]);
    expect(await countBookingsWith([first[1]!, twin[1]!])).toBe(1);

    expect((await upload(adminToken, file, false)).json()).toEqual({ errors: [], warnings: [], count: 4 });
    expect(await countBookingsWith([first[1]!, twin[1]!])).toBe(4);
  });

  it("refuses a supplier's rows of another creditor, naming the rows", async () => {
    const rows = [row(), row({ creditor: String(otherCreditor) })];
    const body = (await upload(supplierToken, csvFile([HEADER, ...rows]))).json();
    expect(body.count).toBe(0);
    expect(body.errors).toEqual([
      {
        property: 'Kreditornummer',
        message: 'Sie können nur Buchungen für Ihren eigenen Kreditor erfassen.',
        rowNumber: 3,
      },
    ]);
    expect(await countBookingsWith(rows.map((r) => r[1]!))).toBe(0);
  });

  it('books a supplier file without Kreditornummer column (or with empty cells) for its own creditor', async () => {
    const withoutColumn = [row().slice(0, 7), row().slice(0, 7)];
    expect((await upload(supplierToken, csvFile([HEADER.slice(0, 7), ...withoutColumn]))).json().count).toBe(
      2,
    );
    const emptyCell = row({ creditor: '' });
    expect((await upload(supplierToken, csvFile([HEADER, emptyCell]))).json().count).toBe(1);
    const { rows } = await t.pool.query<{ c: number }>(
      'select distinct creditor_number as c from transactions where invoice_number = any($1)',
      [[...withoutColumn.map((r) => r[1]), emptyCell[1]]],
    );
    expect(rows).toEqual([{ c: ownCreditor }]);
  });

  it('refuses a supplier user without a creditor (403)', async () => {
    const orphan = await createUser(t.db, { creditorNumber: null });
    const res = await upload(await t.login(orphan.emailAddress), csvFile([HEADER, row()]));
    expect(res.statusCode).toBe(403);
  });

  it('requires the Kreditornummer column of an admin', async () => {
    const body = (await upload(adminToken, csvFile([HEADER.slice(0, 7), row().slice(0, 7)]))).json();
    expect(body).toEqual({
      errors: [
        {
          property: '',
          message:
            'In der Überschriftenzeile fehlen Pflichtspalten: Kreditornummer. Bitte verwenden Sie die Vorlage.',
          rowNumber: 1,
        },
      ],
      warnings: [],
      count: 0,
    });
  });

  it('takes the bookings export back (round trip): its extra columns are ignored', async () => {
    const marker = `RT-${Date.now()}`;
    const rows = [
      row({ number: `${marker}-a`, location: '-Lager Nord' }),
      row({ number: `${marker}-b`, info: 'mit ; Semikolon' }),
    ];
    expect((await upload(adminToken, csvFile([HEADER, ...rows]))).json().count).toBe(2);
    const exported = await t.request(adminToken, {
      method: 'GET',
      url: `/api/transactions/export?format=csv&searchQuery=${marker}`,
    });
    expect(exported.statusCode).toBe(200);
    const file = exported.rawPayload;
    expect(file.toString('utf8')).toContain('Debitorname');

    const again = (await upload(adminToken, [{ filename: 'Buchungen.csv', content: file }])).json();
    expect(again.errors).toEqual([]);
    expect(again.warnings).toHaveLength(2);
    expect(
      again.warnings.every((w: { message: string }) => w.message.startsWith('Mögliche doppelte Buchung')),
    ).toBe(true);
    const stored = (await upload(adminToken, [{ filename: 'Buchungen.csv', content: file }], false)).json();
    expect(stored.count).toBe(2);
    const { rows: copies } = await t.pool.query(
      'select delivery_location as loc from transactions where invoice_number = $1',
      [rows[0]![1]],
    );
    expect(copies).toEqual([{ loc: '-Lager Nord' }, { loc: '-Lager Nord' }]);
    const { rows: infos } = await t.pool.query(
      'select additional_information as info from transactions where invoice_number = $1',
      [`${marker}-b`],
    );
    expect(infos).toEqual([{ info: 'mit ; Semikolon' }, { info: 'mit ; Semikolon' }]);
  });

  it('leaves nothing behind when the database fails in the middle of storing (one transaction)', async () => {
    await t.pool.query(`create or replace function fail_on_marker() returns trigger language plpgsql as $$
      begin if new.invoice_number = 'CRASH-MARKER' then raise exception 'simulated crash'; end if; return new; end $$`);
    await t.pool.query(
      'create trigger fail_on_marker before insert on transactions for each row execute function fail_on_marker()',
    );
    try {
      const before = await countBookings(t.db);
      const rows = Array.from({ length: 6_000 }, () => row());
      rows.push(row({ number: 'CRASH-MARKER' })); // in the second insert batch, after 5,000 rows went in
      const res = await upload(adminToken, csvFile([HEADER, ...rows]), false);
      expect(res.statusCode).toBe(500);
      expect(res.json().errors[0].message).toBe(
        'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
      );
      expect(await countBookings(t.db)).toBe(before);
    } finally {
      await t.pool.query('drop trigger fail_on_marker on transactions');
    }
    expect((await upload(adminToken, csvFile([HEADER, row()]))).json().count).toBe(1);
  });

  it('refuses a request without a file, with two files, or not multipart (400)', async () => {
    const none = await t.request(adminToken, {
      method: 'POST',
      url: '/api/upload',
      ...multipart([], { note: 'x' }),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].message).toBe('Bitte wählen Sie eine Datei aus (.csv oder .xlsx).');
    const two = await upload(adminToken, [
      { filename: 'a.csv', content: csvFile([HEADER, row()]) },
      { filename: 'b.csv', content: csvFile([HEADER, row()]) },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().errors[0].message).toBe('Bitte laden Sie genau eine Datei hoch.');
    const json = await t.request(adminToken, { method: 'POST', url: '/api/upload', payload: { a: 1 } });
    expect(json.statusCode).toBe(400);
    const badFlag = await t.request(adminToken, {
      method: 'POST',
      url: '/api/upload?checkForDuplicates=vielleicht',
      ...multipart([]),
    });
    expect(badFlag.statusCode).toBe(400);
  });
});

describe('POST /api/upload: rows that do not line up, and dry runs', () => {
  it('refuses a CSV row with more values than the header has columns, naming the row; stores nothing', async () => {
    // Comma-separated with a decimal comma left unquoted: "10,50" would be read as 10 (and 50).
    const commaNumber = invoiceNumber();
    const commaRows = [
      ['Rechnungsdatum', 'Rechnungsnummer', 'Debitornummer', 'Lieferort', 'Artikelnummer', 'Nettobetrag'],
      ['05.03.2025', commaNumber, String(debitor), 'Rathaus', String(article), '10', '50'],
    ];
    const comma = await upload(
      supplierToken,
      Buffer.from(commaRows.map((r) => r.join(',')).join('\r\n')),
      false,
    );
    expect(comma.json()).toMatchObject({
      count: 0,
      errors: [{ rowNumber: 2, property: '', message: UPLOAD_MESSAGES.moreValuesThanColumns(7, 6) }],
    });
    expect(await countBookingsWith([commaNumber])).toBe(0);

    // Semicolons, with one unquoted in the additional information: its rest would be lost.
    const semicolonNumber = invoiceNumber();
    const split = [...row({ number: semicolonNumber, info: 'Teil 1' }), ' Teil 2 folgt'];
    const semicolon = await upload(supplierToken, csvFile([HEADER, split]), false);
    expect(semicolon.json().errors).toEqual([
      { rowNumber: 2, property: '', message: UPLOAD_MESSAGES.moreValuesThanColumns(9, 8) },
    ]);
    expect(await countBookingsWith([semicolonNumber])).toBe(0);
  });

  it('takes rows that end in empty cells, as spreadsheets save them', async () => {
    const number = invoiceNumber();
    const res = await upload(supplierToken, csvFile([HEADER, [...row({ number }), '', '']]), false);
    expect(res.json()).toMatchObject({ count: 1, errors: [] });
    expect(await countBookingsWith([number])).toBe(1);
  });

  it('checks a file with dryRun=true and stores nothing, neither bookings nor an upload', async () => {
    const number = invoiceNumber();
    const uploadsBefore = (await t.pool.query('select count(*)::int as n from upload_batches')).rows[0].n;
    const clean = await t.request(supplierToken, {
      method: 'POST',
      url: '/api/upload?checkForDuplicates=true&dryRun=true',
      ...multipart([{ filename: 'buchungen.csv', content: csvFile([HEADER, row({ number })]) }]),
    });
    expect(clean.json()).toEqual({ errors: [], warnings: [], count: 0 });
    const faulty = await t.request(supplierToken, {
      method: 'POST',
      url: '/api/upload?dryRun=true',
      ...multipart([{ filename: 'buchungen.csv', content: csvFile([HEADER, row({ number, net: '' })]) }]),
    });
    expect(faulty.json().errors).toEqual([
      { rowNumber: 2, property: 'Nettobetrag', message: MESSAGES.required },
    ]);
    expect(await countBookingsWith([number])).toBe(0);
    expect((await t.pool.query('select count(*)::int as n from upload_batches')).rows[0].n).toBe(
      uploadsBefore,
    );
  });
});

describe('GET /api/upload/template', () => {
  it('gives the CSV template: header row and an example row that reads back', async () => {
    const res = await t.request(supplierToken, { method: 'GET', url: '/api/upload/template?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Vorlage.csv"; filename\*=UTF-8''Vorlage.csv$/,
    );
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.rawPayload.toString('utf8');
    expect(text).toBe(
      '\ufeffRechnungsdatum;Rechnungsnummer;Debitornummer;Lieferort;Artikelnummer;Nettobetrag;Zusatzinformation;Kreditornummer\r\n' +
        `15.03.2025;RE-2025-0815;10001;Rathaus, Marktplatz 1, 60311 Frankfurt am Main;1200;1.234,56;Lieferung in zwei Teilen;${ownCreditor}\r\n`,
    );
  });

  it('gives the xlsx template with real cells, which reads back to the same booking', async () => {
    const res = await t.request(adminToken, { method: 'GET', url: '/api/upload/template?format=xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Vorlage.xlsx"; filename\*=UTF-8''Vorlage.xlsx$/,
    );
    const admin = {
      id: 1,
      emailAddress: ADMIN_EMAIL,
      isAdmin: true,
      isActive: true,
      creditorNumber: null,
      tokenVersion: 1,
      secondFactor: false,
    };
    const { candidates } = await readBookings(res.rawPayload, admin);
    expect(candidates).toEqual([
      {
        invoiceDate: '2025-03-15',
        invoiceNumber: 'RE-2025-0815',
        net: '1234.56',
        debitorNumber: 10001,
        deliveryLocation: 'Rathaus, Marktplatz 1, 60311 Frankfurt am Main',
        articleNumber: 1200,
        additionalInformation: 'Lieferung in zwei Teilen',
        creditorNumber: 70001,
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0]!.getCell('A2');
    expect(cell.value).toEqual(new Date(Date.UTC(2025, 2, 15)));
    expect(cell.numFmt).toBe('dd.mm.yyyy');
  });

  it('refuses its example row left in, with the row named, where its debitor and article exist', async () => {
    // The example names debitor 10001 and article 1200: with both in the master data the row would
    // otherwise be imported as a booking of 1.234,56 € that nobody invoiced.
    const exists = async (table: string, number: number) =>
      (await t.pool.query(`select 1 from ${table} where number = $1`, [number])).rowCount === 1;
    if (!(await exists('debitors', 10001))) await createDebitor(t.db, { number: 10001 });
    if (!(await exists('articles', 1200))) await createArticle(t.db, { number: 1200 });
    for (const format of ['csv', 'xlsx']) {
      const template = await t.request(supplierToken, {
        method: 'GET',
        url: `/api/upload/template?format=${format}`,
      });
      const file = { filename: `Vorlage.${format}`, content: template.rawPayload };
      const res = await upload(supplierToken, [file], false);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        count: 0,
        errors: [
          {
            rowNumber: 2,
            property: 'Rechnungsnummer',
            message:
              'Dies ist die Beispielzeile der Vorlage. Bitte löschen Sie sie oder ersetzen Sie sie durch Ihre Buchungen.',
          },
        ],
      });
      expect(await countBookingsWith(['RE-2025-0815'])).toBe(0);
    }
    // The same row with the user's own invoice number is a booking like any other.
    const edited = await t.request(supplierToken, { method: 'GET', url: '/api/upload/template?format=csv' });
    const own = invoiceNumber();
    const text = edited.rawPayload.toString('utf8').replace('RE-2025-0815', own);
    const res = await upload(supplierToken, Buffer.from(text, 'utf8'), false);
    expect(res.json()).toMatchObject({ count: 1, errors: [] });
    expect(await countBookingsWith([own])).toBe(1);
  });

  it('refuses an unknown format (400)', async () => {
    expect(
      (await t.request(adminToken, { method: 'GET', url: '/api/upload/template?format=pdf' })).statusCode,
    ).toBe(400);
  });
});
