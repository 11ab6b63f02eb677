// The reuse contract of the upload: validateBookings on batches and insertBookings.
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCreditor,
  createWorld,
  createWorldBooking,
  daysAgo,
  type World,
} from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import * as schema from '../../db/schema';
import type { SessionUser } from '../auth/session-user';
import { toNewBookingRow, validateBookings, type BookingCandidate } from './bookings.validation';
import { selectBooking, insertBookings } from './bookings.repository';

const t = useTestApp();
let w: World;
let admin: SessionUser;
let supplier: SessionUser;
beforeAll(async () => {
  w = await createWorld(t);
  admin = {
    id: 1,
    emailAddress: 'admin@test.example',
    isAdmin: true,
    isActive: true,
    creditorNumber: null,
    tokenVersion: 1,
    secondFactor: false,
  };
  supplier = {
    id: 2,
    emailAddress: w.supplierEmail,
    isAdmin: false,
    isActive: true,
    creditorNumber: w.creditorNumber,
    tokenVersion: 1,
    secondFactor: false,
  };
});

const candidate = (values: Partial<BookingCandidate> = {}): BookingCandidate => ({
  invoiceDate: daysAgo(5),
  invoiceNumber: `RE-${Math.random().toString(36).slice(2, 10)}`,
  net: '100.5',
  debitorNumber: w.debitorNumber,
  deliveryLocation: 'Lager',
  articleNumber: w.articleNumber,
  additionalInformation: null,
  creditorNumber: w.creditorNumber,
  ...values,
});

/** A drizzle handle on the test pool that counts the statements it sends. */
function countingDb() {
  const counter = { statements: 0 };
  const db = drizzle(t.pool, { schema, logger: { logQuery: () => void (counter.statements += 1) } });
  return { db, counter };
}

describe('validateBookings', () => {
  it('answers one error and one warning list per candidate, in order', async () => {
    const result = await validateBookings(
      t.db,
      [
        candidate(),
        candidate({ invoiceDate: null, rawInvoiceDate: '31.02.2025' }),
        candidate({ net: null, rawNet: '12,3,4' }),
        candidate({ debitorNumber: 4_444_444, deliveryLocation: '' }),
      ],
      { checkForDuplicates: true, user: admin },
    );
    expect(result.errors).toEqual([
      [],
      [
        {
          property: 'Rechnungsdatum',
          message:
            'Den 31.02.2025 gibt es nicht im Kalender. Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.',
        },
      ],
      [{ property: 'Nettobetrag', message: 'Bitte geben Sie eine Zahl ein.' }],
      [
        { property: 'Kunde/Debitor', message: 'Der Debitor 4444444 existiert nicht.' },
        { property: 'Lieferort', message: 'Dieses Feld ist ein Pflichtfeld.' },
      ],
    ]);
    expect(result.warnings).toEqual([[], [], [], []]);
  });

  it('costs the same few statements for one candidate and for thousands', async () => {
    const one = countingDb();
    await validateBookings(one.db, [candidate()], { checkForDuplicates: true, user: supplier });
    const many = countingDb();
    const batch = Array.from({ length: 3000 }, (_, i) =>
      candidate({ invoiceNumber: `B-${i}`, invoiceDate: daysAgo(i % 300) }),
    );
    const result = await validateBookings(many.db, batch, { checkForDuplicates: true, user: supplier });
    expect(result.errors.every((e) => e.length === 0)).toBe(true);
    expect(one.counter.statements).toBeLessThanOrEqual(3);
    expect(many.counter.statements).toBe(one.counter.statements);
  });

  it('warns of duplicates within the batch on the later row, naming the earlier one', async () => {
    const row = candidate({ invoiceNumber: 'RE-DOPPELT', invoiceDate: '2025-04-03', net: '5' });
    const result = await validateBookings(t.db, [row, candidate(), { ...row }, { ...row, net: '5.01' }], {
      checkForDuplicates: true,
      user: supplier,
      rowNumbers: [2, 3, 4, 5],
    });
    expect(result.warnings).toEqual([
      [],
      [],
      [
        {
          property: 'Bestell-/Rechnungsnummer',
          message:
            'Mögliche doppelte Buchung: Zeile 2 enthält bereits eine Buchung vom 03.04.2025 mit der Rechnungsnummer RE-DOPPELT und denselben Daten.',
        },
      ],
      [],
    ]);
    const unchecked = await validateBookings(t.db, [row, { ...row }], {
      checkForDuplicates: false,
      user: supplier,
    });
    expect(unchecked.warnings).toEqual([[], []]);
  });

  it('warns of duplicates of stored bookings, except the booking being updated', async () => {
    const stored = await createWorldBooking(t.db, w, {
      invoiceNumber: 'RE-GESPEICHERT',
      invoiceDate: '2025-04-04',
      net: '7.00',
    });
    const row = candidate({ invoiceNumber: 'RE-GESPEICHERT', invoiceDate: '2025-04-04', net: '7' });
    const result = await validateBookings(t.db, [row], { checkForDuplicates: true, user: admin });
    expect(result.warnings[0]).toEqual([
      {
        property: 'Bestell-/Rechnungsnummer',
        message:
          'Mögliche doppelte Buchung: Es gibt bereits eine Buchung vom 04.04.2025 mit der Rechnungsnummer RE-GESPEICHERT und denselben Daten.',
      },
    ]);
    const self = await validateBookings(t.db, [row], {
      checkForDuplicates: true,
      user: admin,
      excludeId: stored.id,
    });
    expect(self.warnings).toEqual([[]]);
  });

  it('treats the reserved empty-report numbers as errors unless empty reports are allowed', async () => {
    const emptyReport = candidate({
      articleNumber: 999,
      debitorNumber: 999999,
      invoiceDate: '2025-01-01',
      net: '0',
      deliveryLocation: '–',
    });
    const upload = await validateBookings(t.db, [emptyReport], { checkForDuplicates: false, user: supplier });
    expect(upload.errors[0]).toEqual([
      { property: 'Nettobetrag', message: 'Der Nettobetrag darf nicht 0 sein.' },
      { property: 'Kunde/Debitor', message: 'Der Debitor 999999 ist für Leermeldungen reserviert.' },
      { property: 'Artikel', message: 'Der Artikel 999 ist für Leermeldungen reserviert.' },
    ]);
    const single = await validateBookings(t.db, [emptyReport], {
      checkForDuplicates: false,
      user: supplier,
      allowEmptyReports: true,
    });
    expect(single.errors).toEqual([[]]);
  });

  it('refuses a second empty report for a month within the batch', async () => {
    const world = await createWorld(t);
    const report = candidate({
      articleNumber: 999,
      debitorNumber: 999999,
      invoiceDate: '2025-02-01',
      net: '0',
      deliveryLocation: '–',
      creditorNumber: world.creditorNumber,
    });
    const result = await validateBookings(t.db, [report, { ...report }], {
      checkForDuplicates: false,
      user: admin,
      allowEmptyReports: true,
    });
    expect(result.errors[0]).toEqual([]);
    expect(result.errors[1]).toEqual([
      { property: 'Monat', message: expect.stringMatching(/02\.2025.*bereits eine Leermeldung/) },
    ]);
  });

  it('lets a supplier book only for its own creditor; a missing creditor means its own', async () => {
    const other = await createCreditor(t.db);
    const result = await validateBookings(
      t.db,
      [candidate({ creditorNumber: null }), candidate({ creditorNumber: other.number })],
      { checkForDuplicates: false, user: supplier },
    );
    expect(result.errors).toEqual([
      [],
      [{ property: 'Kreditor', message: 'Sie können nur Buchungen für Ihren eigenen Kreditor erfassen.' }],
    ]);
    expect(toNewBookingRow(candidate({ creditorNumber: null }), supplier)).toMatchObject({
      creditorNumber: w.creditorNumber,
      creationUserEmailAddress: w.supplierEmail,
    });
    const adminResult = await validateBookings(t.db, [candidate({ creditorNumber: null })], {
      checkForDuplicates: false,
      user: admin,
    });
    expect(adminResult.errors).toEqual([
      [{ property: 'Kreditor', message: 'Dieses Feld ist ein Pflichtfeld.' }],
    ]);
  });
});

describe('insertBookings', () => {
  it('stores a large batch in few statements and returns each row’s id in input order', async () => {
    const count = 12_000;
    const rows = Array.from({ length: count }, (_, i) =>
      toNewBookingRow(
        candidate({ invoiceNumber: `INS-${i}`, additionalInformation: i % 2 ? `Info ${i}` : null }),
        supplier,
      ),
    );
    const { db, counter } = countingDb();
    const ids = await insertBookings(db, rows);
    expect(counter.statements).toBe(2 * Math.ceil(count / 5_000));
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    for (const i of [0, 1, 4_999, 5_000, count - 1]) {
      const stored = await selectBooking(t.db, ids[i]!);
      expect(stored).toMatchObject({
        invoiceNumber: `INS-${i}`,
        additionalInformation: i % 2 ? `Info ${i}` : null,
        net: '100.50',
        creationUserEmailAddress: w.supplierEmail,
        version: 1,
        exportDate: null,
      });
    }
  });

  it('is all or nothing inside a transaction', async () => {
    const rows = [
      toNewBookingRow(candidate({ invoiceNumber: 'TX-1' }), supplier),
      { ...toNewBookingRow(candidate({ invoiceNumber: 'TX-2' }), supplier), debitorNumber: 4_444_444 },
    ];
    await expect(t.db.transaction((tx) => insertBookings(tx, rows))).rejects.toThrow();
    const { rows: found } = await t.pool.query(`select 1 from transactions where invoice_number like 'TX-%'`);
    expect(found).toHaveLength(0);
  });
});
