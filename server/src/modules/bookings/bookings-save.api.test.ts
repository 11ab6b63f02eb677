import { beforeAll, describe, expect, it } from 'vitest';
import { isoDayToWire } from '@lp/domain/dates';
import type { BookingInput } from '@lp/domain/entities';
import {
  bookingBody,
  countBookings,
  createArticle,
  createCreditor,
  createDebitor,
  createWorld,
  createWorldBooking,
  daysAgo,
  findBooking,
  type World,
} from '../../../test/factories';
import { untilWaitingOrSettled } from '../../../test/lock-waiters';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

const post = (token: string | undefined, payload: unknown, checkForDuplicates = 'true') =>
  t.request(token, {
    method: 'POST',
    url: `/api/transactions?checkForDuplicates=${checkForDuplicates}`,
    payload: payload as object,
  });

/** Saves and expects 200; returns the body. */
async function save(token: string, payload: Partial<BookingInput> | object, check = 'true') {
  const res = await post(token, payload, check);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    id?: number;
    errors: { property: string; message: string }[];
    warnings: { property: string; message: string }[];
  };
}

/** Expects the save to be refused with exactly this error, storing nothing. */
async function expectError(
  payload: object,
  property: string,
  message: string | RegExp,
  token = w.adminToken,
) {
  const before = await countBookings(t.db);
  const result = await save(token, payload);
  expect(result.id).toBeUndefined();
  expect(result.errors).toEqual([{ property, message: expect.stringMatching(message) }]);
  expect(await countBookings(t.db)).toBe(before);
}

describe('POST /api/transactions', () => {
  it('needs a token', async () => {
    const before = await countBookings(t.db);
    expect((await post(undefined, bookingBody(w))).statusCode).toBe(401);
    expect(await countBookings(t.db)).toBe(before);
  });

  it('saves a valid booking of an admin with the server-set creator, date and version', async () => {
    const body = bookingBody(w, { net: '-1.234,56', additionalInformation: '  ' });
    const started = Date.now();
    const result = await save(w.adminToken, {
      ...body,
      id: 999_999,
      version: 7,
      exportDate: '2020-01-01T00:00:00.000Z',
      creationDate: '2020-01-01T00:00:00.000Z',
      creationUserEmailAddress: 'someone@else.example',
    });
    expect(result).toEqual({ id: expect.any(Number), errors: [], warnings: [] });
    const res = await t.request(w.adminToken, { method: 'GET', url: `/api/transactions/${result.id}` });
    expect(res.statusCode).toBe(200);
    const booking = res.json();
    expect(booking).toMatchObject({
      id: result.id,
      invoiceDate: body.invoiceDate,
      invoiceNumber: body.invoiceNumber,
      net: -1234.56,
      debitorId: w.debitorNumber,
      deliveryLocation: body.deliveryLocation,
      articleId: w.articleNumber,
      additionalInformation: null,
      creditorId: w.creditorNumber,
      debitor: { number: w.debitorNumber, name: w.debitorName },
      article: { number: w.articleNumber, name: w.articleName },
      creditor: { number: w.creditorNumber, name: w.creditorName },
      exportDate: null,
      creationUserEmailAddress: ADMIN_EMAIL,
      version: 1,
    });
    expect(result.id).not.toBe(999_999);
    expect(Date.parse(booking.creationDate)).toBeGreaterThanOrEqual(started - 1000);
  });

  it('accepts dd.MM.yyyy dates, German amounts, credit notes and the limits themselves', async () => {
    for (const values of [
      { invoiceDate: daysAgo(0).split('-').reverse().join('.') },
      { invoiceDate: '2000-01-01' },
      { net: -10_000_000 },
      { net: '10.000.000,00' },
      {
        invoiceNumber: 'N'.repeat(50),
        deliveryLocation: 'L'.repeat(75),
        additionalInformation: 'Z'.repeat(75),
      },
    ]) {
      expect(await save(w.adminToken, bookingBody(w, values))).toMatchObject({ errors: [], warnings: [] });
    }
  });

  it('lists every missing required field with its German label, storing nothing', async () => {
    const before = await countBookings(t.db);
    const result = await save(w.adminToken, { additionalInformation: null });
    expect(result.errors).toEqual(
      [
        'Rechnungsdatum',
        'Bestell-/Rechnungsnummer',
        'Nettobetrag',
        'Kunde/Debitor',
        'Lieferort',
        'Artikel',
        'Kreditor',
      ].map((property) => ({ property, message: 'Dieses Feld ist ein Pflichtfeld.' })),
    );
    expect(result.warnings).toEqual([]);
    expect(await countBookings(t.db)).toBe(before);
  });

  it.each([
    ['31.02.2026', /gültiges Datum/],
    ['2026-13-01', /gültiges Datum/],
    ['31.12.1999', /nicht vor dem 01\.01\.2000/],
  ])('refuses the invoice date %j', async (invoiceDate, message) => {
    await expectError(bookingBody(w, { invoiceDate }), 'Rechnungsdatum', message);
  });

  it('refuses an invoice date in the future (Germany’s today)', async () => {
    await expectError(
      bookingBody(w, { invoiceDate: isoDayToWire(daysAgo(-1)) }),
      'Rechnungsdatum',
      /Zukunft/,
    );
  });

  it('refuses an invoice number over 50 characters and texts over 75', async () => {
    await expectError(
      bookingBody(w, { invoiceNumber: 'N'.repeat(51) }),
      'Bestell-/Rechnungsnummer',
      'Maximal 50 Zeichen erlaubt.',
    );
    await expectError(
      bookingBody(w, { deliveryLocation: 'L'.repeat(76) }),
      'Lieferort',
      'Maximal 75 Zeichen erlaubt.',
    );
    await expectError(
      bookingBody(w, { additionalInformation: 'Z'.repeat(76) }),
      'Zusatzinformation',
      'Maximal 75 Zeichen erlaubt.',
    );
  });

  it('counts characters as the user does: 50 and 75 emoji or Fraktur letters are stored whole', async () => {
    const invoiceNumber = `E${'😀'.repeat(49)}`;
    const result = await save(
      w.adminToken,
      bookingBody(w, {
        invoiceNumber,
        deliveryLocation: '𝔸'.repeat(75),
        additionalInformation: '😀'.repeat(75),
      }),
    );
    expect(result).toMatchObject({ id: expect.any(Number), errors: [] });
    const { rows } = await t.pool.query<{ invoice_number: string; delivery_location: string }>(
      'select invoice_number, delivery_location from transactions where id = $1',
      [result.id],
    );
    expect(rows[0]).toEqual({ invoice_number: invoiceNumber, delivery_location: '𝔸'.repeat(75) });
    await expectError(
      bookingBody(w, { deliveryLocation: '𝔸'.repeat(76) }),
      'Lieferort',
      'Maximal 75 Zeichen erlaubt.',
    );
  });

  it.each([
    ['abc', /Zahl/],
    ['1,234', /zwei Nachkommastellen/],
    [0.001, /zwei Nachkommastellen/],
    [0, /nicht 0/],
    ['-0,00', /nicht 0/],
    [10_000_000.01, /höchstens 10\.000\.000,00 €/],
    ['-10.000.001', /höchstens 10\.000\.000,00 €/],
  ])('refuses the net amount %j', async (net, message) => {
    await expectError(bookingBody(w, { net }), 'Nettobetrag', message);
  });

  it('refuses unknown and inactive master data', async () => {
    const inactiveDebitor = await createDebitor(t.db, { isActive: false });
    const inactiveArticle = await createArticle(t.db, { isActive: false });
    const inactiveCreditor = await createCreditor(t.db, { isActive: false });
    await expectError(
      bookingBody(w, { debitorId: 4_444_444 }),
      'Kunde/Debitor',
      'Der Debitor 4444444 existiert nicht.',
    );
    await expectError(
      bookingBody(w, { articleId: 4_444_444 }),
      'Artikel',
      'Der Artikel 4444444 existiert nicht.',
    );
    await expectError(
      bookingBody(w, { creditorId: 4_444_444 }),
      'Kreditor',
      'Der Kreditor 4444444 existiert nicht.',
    );
    await expectError(
      bookingBody(w, { debitorId: inactiveDebitor.number }),
      'Kunde/Debitor',
      `Der Debitor ${inactiveDebitor.number} ist nicht aktiv.`,
    );
    await expectError(
      bookingBody(w, { articleId: inactiveArticle.number }),
      'Artikel',
      `Der Artikel ${inactiveArticle.number} ist nicht aktiv.`,
    );
    await expectError(
      bookingBody(w, { creditorId: inactiveCreditor.number }),
      'Kreditor',
      `Der Kreditor ${inactiveCreditor.number} ist nicht aktiv.`,
    );
  });

  it('keeps article 999 and debitor 999999 for empty reports', async () => {
    await expectError(
      bookingBody(w, { articleId: 999 }),
      'Artikel',
      'Der Artikel 999 ist für Leermeldungen reserviert.',
    );
    await expectError(
      bookingBody(w, { debitorId: 999999 }),
      'Kunde/Debitor',
      'Der Debitor 999999 ist für Leermeldungen reserviert.',
    );
  });

  it('answers 400 for malformed JSON and wrong types, storing nothing', async () => {
    const before = await countBookings(t.db);
    const malformed = await t.request(w.adminToken, {
      method: 'POST',
      url: '/api/transactions?checkForDuplicates=true',
      payload: '{"invoiceDate": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].message).toBe('Die Anfrage ist ungültig.');

    const wrongTypes = await post(
      w.adminToken,
      bookingBody(w, { net: true as never, debitorId: 'x' as never }),
    );
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().errors).toEqual([
      { property: 'Nettobetrag', message: 'Der Wert hat ein ungültiges Format.' },
      { property: 'Kunde/Debitor', message: 'Der Wert hat ein ungültiges Format.' },
    ]);
    expect((await post(w.adminToken, [bookingBody(w)])).statusCode).toBe(400);
    expect((await post(w.adminToken, bookingBody(w), 'maybe')).statusCode).toBe(400);
    expect((await post(w.adminToken, bookingBody(w, { articleId: 3_000_000_000 }))).statusCode).toBe(400);
    expect(await countBookings(t.db)).toBe(before);
  });

  describe('as a supplier', () => {
    it('books for its own creditor when it leaves the field out, and records itself as creator', async () => {
      for (const creditorId of [undefined, w.creditorNumber]) {
        const result = await save(w.supplierToken, bookingBody(w, { creditorId }));
        expect(result.errors).toEqual([]);
        const stored = await findBooking(t.db, result.id!);
        expect(stored?.creditorNumber).toBe(w.creditorNumber);
      }
      const [last] = (await t.request(w.supplierToken, { method: 'GET', url: '/api/transactions' })).json()
        .items;
      expect(last.creationUserEmailAddress).toBe(w.supplierEmail);
    });

    it('is refused a creditor sent as null, zero or negative: never taken as its own', async () => {
      for (const creditorId of [null, 0, -1, -70001]) {
        await expectError(
          bookingBody(w, { creditorId }),
          'Kreditor',
          'Dieses Feld ist ein Pflichtfeld.',
          w.supplierToken,
        );
      }
    });

    it('is refused booking for another creditor', async () => {
      const other = await createCreditor(t.db);
      await expectError(
        bookingBody(w, { creditorId: other.number }),
        'Kreditor',
        'Sie können nur Buchungen für Ihren eigenen Kreditor erfassen.',
        w.supplierToken,
      );
    });
  });

  describe('warnings', () => {
    it('warns of a possible duplicate naming the stored booking, and stores it once the warning is ignored', async () => {
      const stored = await createWorldBooking(t.db, w, {
        invoiceDate: daysAgo(40),
        net: '77.10',
        invoiceNumber: 'RE-DUP-1',
      });
      const body = bookingBody(w, {
        invoiceDate: isoDayToWire(stored.invoiceDate),
        invoiceNumber: 'RE-DUP-1',
        net: '77,1',
        deliveryLocation: 'anderer Lieferort',
      });
      const before = await countBookings(t.db);
      const warned = await save(w.supplierToken, body);
      const date = stored.invoiceDate.split('-').reverse().join('.');
      expect(warned).toEqual({
        errors: [],
        warnings: [
          {
            property: 'Bestell-/Rechnungsnummer',
            message: `Mögliche doppelte Buchung: Es gibt bereits eine Buchung vom ${date} mit der Rechnungsnummer RE-DUP-1 und denselben Daten.`,
          },
        ],
      });
      expect(await countBookings(t.db)).toBe(before);

      const ignored = await save(w.supplierToken, body, 'false');
      expect(ignored).toEqual({ id: expect.any(Number), errors: [], warnings: [] });
      expect(await countBookings(t.db)).toBe(before + 1);
    });

    it('stores an invoice number without the invisible characters a PDF pastes, so its duplicate is found', async () => {
      const stored = await createWorldBooking(t.db, w, {
        invoiceDate: daysAgo(42),
        net: '64.00',
        invoiceNumber: 'RE-DUP-3',
      });
      const pasted = { invoiceDate: isoDayToWire(stored.invoiceDate), net: 64 };
      for (const invoiceNumber of ['RE\u00ad-DUP-3', 'RE-\u200bDUP-3\u200d', '\ufeffRE-DUP\u2060-3']) {
        const warned = await save(w.adminToken, bookingBody(w, { ...pasted, invoiceNumber }));
        expect(warned.warnings.map((m) => m.message)).toEqual([
          expect.stringContaining('mit der Rechnungsnummer RE-DUP-3 und denselben Daten'),
        ]);
      }
      const saved = await save(
        w.adminToken,
        bookingBody(w, { ...pasted, invoiceNumber: 'RE\u00ad-DUP-3' }),
        'false',
      );
      const { rows } = await t.pool.query<{ invoice_number: string }>(
        'select invoice_number from transactions where id = $1',
        [saved.id],
      );
      expect(rows[0]!.invoice_number).toBe('RE-DUP-3');
    });

    it('sees no duplicate when one value differs or another creditor booked it', async () => {
      const stored = await createWorldBooking(t.db, w, {
        invoiceDate: daysAgo(41),
        net: '80.00',
        invoiceNumber: 'RE-DUP-2',
      });
      const same = { invoiceDate: isoDayToWire(stored.invoiceDate), invoiceNumber: 'RE-DUP-2', net: 80 };
      expect((await save(w.adminToken, bookingBody(w, { ...same, net: 80.01 }))).warnings).toEqual([]);
      expect(
        (await save(w.adminToken, bookingBody(w, { ...same, invoiceNumber: 'RE-DUP-2a' }))).warnings,
      ).toEqual([]);
      const other = await createWorld(t);
      expect((await save(w.adminToken, bookingBody(other, same))).warnings).toEqual([]);
    });

    it('warns when the creditor filed an empty report for the month, and lists errors and warnings together', async () => {
      const world = await createWorld(t);
      const month = `${daysAgo(0).slice(0, 7)}-01`;
      await createWorldBooking(t.db, world, {
        invoiceDate: month,
        articleNumber: 999,
        debitorNumber: 999999,
        net: '0',
        deliveryLocation: '–',
        invoiceNumber: 'Leermeldung',
      });
      const body = bookingBody(world, { invoiceDate: isoDayToWire(month) });
      const label = `${month.slice(5, 7)}.${month.slice(0, 4)}`;
      const warning = {
        property: 'Rechnungsdatum',
        message: `Für den Monat ${label} wurde bereits eine Leermeldung abgegeben.`,
      };
      expect(await save(world.supplierToken, body)).toEqual({ errors: [], warnings: [warning] });
      expect(await save(world.supplierToken, { ...body, deliveryLocation: '' })).toEqual({
        errors: [{ property: 'Lieferort', message: 'Dieses Feld ist ein Pflichtfeld.' }],
        warnings: [warning],
      });
      expect((await save(world.supplierToken, body, 'false')).id).toEqual(expect.any(Number));
    });
  });

  describe('empty reports (Leermeldung)', () => {
    const emptyReport = (world: World, values: Partial<BookingInput> = {}): BookingInput => ({
      invoiceDate: isoDayToWire(`${daysAgo(0).slice(0, 7)}-01`),
      invoiceNumber: '',
      net: 0,
      debitorId: 999999,
      deliveryLocation: '–',
      articleId: 999,
      additionalInformation: null,
      creditorId: world.creditorNumber,
      ...values,
    });

    it('stores the fixed values whatever else is sent, for the supplier’s own creditor', async () => {
      const world = await createWorld(t);
      const midMonth = daysAgo(0);
      const result = await save(
        world.supplierToken,
        emptyReport(world, {
          invoiceDate: isoDayToWire(midMonth),
          net: 55,
          deliveryLocation: 'x',
          invoiceNumber: 'abc',
          additionalInformation: 'y',
          creditorId: undefined,
        }),
      );
      expect(result).toEqual({ id: expect.any(Number), errors: [], warnings: [] });
      const booking = (
        await t.request(world.supplierToken, { method: 'GET', url: `/api/transactions/${result.id}` })
      ).json();
      expect(booking).toMatchObject({
        invoiceDate: isoDayToWire(`${midMonth.slice(0, 7)}-01`),
        invoiceNumber: 'Leermeldung',
        net: 0,
        debitorId: 999999,
        articleId: 999,
        deliveryLocation: '–',
        additionalInformation: null,
        creditorId: world.creditorNumber,
        creationUserEmailAddress: world.supplierEmail,
      });
    });

    it('refuses a second empty report for the same creditor and month, even with the check off', async () => {
      const world = await createWorld(t);
      expect((await save(world.supplierToken, emptyReport(world))).errors).toEqual([]);
      const before = await countBookings(t.db);
      const second = await save(world.supplierToken, emptyReport(world), 'false');
      expect(second.id).toBeUndefined();
      expect(second.errors).toEqual([
        { property: 'Monat', message: expect.stringMatching(/bereits eine Leermeldung abgegeben/) },
      ]);
      expect(await countBookings(t.db)).toBe(before);
      // Another creditor's month is its own.
      const other = await createWorld(t);
      expect((await save(other.supplierToken, emptyReport(other))).errors).toEqual([]);
    });

    it('refuses the second of two empty reports saved at the same moment', async () => {
      const world = await createWorld(t);
      const month = `${daysAgo(0).slice(0, 7)}-01`;
      // The first report is stored but not yet committed: the second one's checks cannot see it, and
      // its insert waits on the unique index until the first commits.
      const first = await t.pool.connect();
      try {
        await first.query('begin');
        await first.query(
          `insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
            article_number, creditor_number, creation_user_email_address)
           values ($1, 'Leermeldung', 0, 999999, '–', 999, $2, $3)`,
          [month, world.creditorNumber, world.supplierEmail],
        );
        const second = save(world.supplierToken, emptyReport(world), 'false');
        await untilWaitingOrSettled(t.pool, second);
        await first.query('commit');
        expect(await second).toEqual({
          errors: [
            { property: 'Monat', message: expect.stringMatching(/bereits eine Leermeldung abgegeben/) },
          ],
          warnings: [],
        });
      } finally {
        first.release();
      }
    });

    it('warns when bookings exist in the month, and stores it once the warning is ignored', async () => {
      const world = await createWorld(t);
      const month = `${daysAgo(0).slice(0, 7)}-01`;
      await createWorldBooking(t.db, world, { invoiceDate: month });
      const warned = await save(world.supplierToken, emptyReport(world));
      expect(warned).toEqual({
        errors: [],
        warnings: [
          {
            property: 'Monat',
            message: `Für den Monat ${month.slice(5, 7)}.${month.slice(0, 4)} ist bereits eine Buchung vorhanden. Eine Leermeldung ist nur für Monate ohne Buchungen gedacht; der Monat gilt bereits als gemeldet.`,
          },
        ],
      });
      expect((await save(world.supplierToken, emptyReport(world), 'false')).id).toEqual(expect.any(Number));
    });

    it('refuses a month in the future and a missing month or creditor', async () => {
      const world = await createWorld(t);
      const nextMonth = new Date(`${daysAgo(0).slice(0, 7)}-01T00:00:00.000Z`);
      nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
      await expectError(
        emptyReport(world, { invoiceDate: nextMonth.toISOString() }),
        'Monat',
        'Der Monat darf nicht in der Zukunft liegen.',
        world.supplierToken,
      );
      await expectError(
        emptyReport(world, { invoiceDate: null }),
        'Monat',
        'Dieses Feld ist ein Pflichtfeld.',
      );
      for (const token of [world.adminToken, world.supplierToken]) {
        await expectError(
          emptyReport(world, { creditorId: null }),
          'Kreditor',
          'Dieses Feld ist ein Pflichtfeld.',
          token,
        );
      }
    });
  });
});

describe('PUT /api/transactions/{id}', () => {
  const put = (token: string | undefined, id: number | string, payload: object, check = 'true') =>
    t.request(token, { method: 'PUT', url: `/api/transactions/${id}?checkForDuplicates=${check}`, payload });

  it('needs a token', async () => {
    const stored = await createWorldBooking(t.db, w);
    expect((await put(undefined, stored.id, bookingBody(w, { version: 1 }))).statusCode).toBe(401);
  });

  it('updates the values, keeps creator and creation date, and increments the version', async () => {
    const stored = await createWorldBooking(t.db, w);
    const body = bookingBody(w, { version: 1, net: '99,99', invoiceNumber: 'RE-NEU' });
    const res = await put(w.supplierToken, stored.id, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: stored.id, errors: [], warnings: [] });
    const booking = (
      await t.request(w.supplierToken, { method: 'GET', url: `/api/transactions/${stored.id}` })
    ).json();
    expect(booking).toMatchObject({
      invoiceNumber: 'RE-NEU',
      net: 99.99,
      version: 2,
      creationUserEmailAddress: w.supplierEmail,
      creationDate: stored.creationDate.toISOString(),
    });
  });

  it('is no duplicate of itself', async () => {
    const stored = await createWorldBooking(t.db, w);
    const res = await put(w.supplierToken, stored.id, {
      invoiceDate: stored.invoiceDate,
      invoiceNumber: stored.invoiceNumber,
      net: stored.net,
      debitorId: stored.debitorNumber,
      deliveryLocation: 'geändert',
      articleId: stored.articleNumber,
      creditorId: stored.creditorNumber,
      version: 1,
    });
    expect(res.json()).toEqual({ id: stored.id, errors: [], warnings: [] });
  });

  it('answers 409 when the booking changed since it was loaded, 400 without a version', async () => {
    const stored = await createWorldBooking(t.db, w);
    expect((await put(w.supplierToken, stored.id, bookingBody(w, { version: 1 }))).statusCode).toBe(200);
    const stale = await put(
      w.supplierToken,
      stored.id,
      bookingBody(w, { version: 1, invoiceNumber: 'RE-ALT' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].message).toMatch(/inzwischen geändert.*neu/);
    const missing = await put(w.supplierToken, stored.id, bookingBody(w));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { property: 'Version', message: expect.stringMatching(/Version/) },
    ]);
    expect((await findBooking(t.db, stored.id))?.version).toBe(2);
  });

  it('answers 200 with errors and changes nothing when the values are invalid', async () => {
    const stored = await createWorldBooking(t.db, w);
    const res = await put(
      w.supplierToken,
      stored.id,
      bookingBody(w, { version: 1, net: 0, invoiceNumber: 'RE-X' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      errors: [{ property: 'Nettobetrag', message: 'Der Nettobetrag darf nicht 0 sein.' }],
      warnings: [],
    });
    expect(await findBooking(t.db, stored.id)).toMatchObject({
      invoiceNumber: stored.invoiceNumber,
      version: 1,
    });
  });

  it('hides another creditor’s booking (404) and answers 404 for unknown ids, 400 for malformed ids', async () => {
    const other = await createWorld(t);
    const foreign = await createWorldBooking(t.db, other);
    const res = await put(w.supplierToken, foreign.id, bookingBody(w, { version: 1 }));
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe('Der Datensatz wurde nicht gefunden.');
    expect((await findBooking(t.db, foreign.id))?.version).toBe(1);
    expect((await put(w.adminToken, 987_654_321, bookingBody(w, { version: 1 }))).statusCode).toBe(404);
    expect((await put(w.adminToken, 'abc', bookingBody(w, { version: 1 }))).statusCode).toBe(400);
  });

  it('refuses a supplier moving its booking to another creditor', async () => {
    const stored = await createWorldBooking(t.db, w);
    const other = await createCreditor(t.db);
    const res = await put(
      w.supplierToken,
      stored.id,
      bookingBody(w, { version: 1, creditorId: other.number }),
    );
    expect(res.json().errors).toEqual([
      { property: 'Kreditor', message: 'Sie können nur Buchungen für Ihren eigenen Kreditor erfassen.' },
    ]);
    expect((await findBooking(t.db, stored.id))?.creditorNumber).toBe(w.creditorNumber);
  });

  it('locks exported bookings for suppliers (403) but lets admins edit them, keeping the export date', async () => {
    const exportDate = new Date('2026-01-05T10:00:00.000Z');
    const stored = await createWorldBooking(t.db, w, { exportDate });
    const locked = await put(w.supplierToken, stored.id, bookingBody(w, { version: 1 }));
    expect(locked.statusCode).toBe(403);
    expect(locked.json().errors[0].message).toBe(
      'Die Buchung wurde bereits exportiert und kann nicht mehr bearbeitet werden. Bitte wenden Sie sich an den Gemeindeverband.',
    );
    expect((await findBooking(t.db, stored.id))?.version).toBe(1);

    const res = await put(w.adminToken, stored.id, bookingBody(w, { version: 1, invoiceNumber: 'RE-ADMIN' }));
    expect(res.json()).toEqual({ id: stored.id, errors: [], warnings: [] });
    expect(await findBooking(t.db, stored.id)).toMatchObject({
      invoiceNumber: 'RE-ADMIN',
      exportDate,
      version: 2,
    });
  });
});

describe('?dryRun=true: check only, store nothing', () => {
  const dryRun = (token: string | undefined, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.request(token, { method, url: `${url}?dryRun=true`, payload });

  it('needs a token (401) and refuses a malformed dryRun (German 400)', async () => {
    expect((await dryRun(undefined, 'POST', '/api/transactions', bookingBody(w))).statusCode).toBe(401);
    const bad = await t.request(w.supplierToken, {
      method: 'POST',
      url: '/api/transactions?dryRun=ja',
      payload: bookingBody(w),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toMatch(/[äöüÄÖÜß]|ung/);
  });

  it('answers the warnings and errors a save would give, and stores and changes nothing', async () => {
    const stored = await createWorldBooking(t.db, w, { invoiceDate: daysAgo(42), invoiceNumber: 'RE-DRY-1' });
    const duplicate = bookingBody(w, {
      invoiceDate: isoDayToWire(stored.invoiceDate),
      invoiceNumber: 'RE-DRY-1',
      net: 100,
    });
    const before = await countBookings(t.db);
    const warned = await dryRun(w.supplierToken, 'POST', '/api/transactions', duplicate);
    expect(warned.statusCode).toBe(200);
    expect(warned.json()).toMatchObject({ errors: [], warnings: [{ property: 'Bestell-/Rechnungsnummer' }] });
    // Edited so that the warning no longer applies: nothing to say, and still nothing stored.
    const clean = await dryRun(w.supplierToken, 'POST', '/api/transactions', {
      ...duplicate,
      invoiceNumber: 'RE-DRY-2',
    });
    expect(clean.json()).toEqual({ errors: [], warnings: [] });
    const invalid = await dryRun(w.supplierToken, 'POST', '/api/transactions', { ...duplicate, net: 0 });
    expect(invalid.json().errors).toEqual([
      { property: 'Nettobetrag', message: 'Der Nettobetrag darf nicht 0 sein.' },
    ]);
    expect(await countBookings(t.db)).toBe(before);

    const edit = await dryRun(w.supplierToken, 'PUT', `/api/transactions/${stored.id}`, {
      ...duplicate,
      invoiceNumber: 'RE-DRY-3',
      version: 1,
    });
    expect(edit.json()).toEqual({ errors: [], warnings: [] });
    expect(await findBooking(t.db, stored.id)).toMatchObject({ invoiceNumber: 'RE-DRY-1', version: 1 });
  });

  it('checks only what the user may save: another creditor’s booking is 404, its creditor an error', async () => {
    const other = await createWorld(t);
    const foreign = await createWorldBooking(t.db, other);
    const res = await dryRun(w.supplierToken, 'PUT', `/api/transactions/${foreign.id}`, {
      ...bookingBody(other),
      version: 1,
    });
    expect(res.statusCode).toBe(404);
    const forOther = await dryRun(w.supplierToken, 'POST', '/api/transactions', {
      ...bookingBody(w),
      creditorId: other.creditorNumber,
    });
    expect(forOther.statusCode).toBe(200);
    expect(forOther.json()).toEqual({
      errors: [
        { property: 'Kreditor', message: 'Sie können nur Buchungen für Ihren eigenen Kreditor erfassen.' },
      ],
      warnings: [],
    });
  });
});
