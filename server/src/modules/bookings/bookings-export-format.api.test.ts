// The export writes its lines itself (bookings.export.ts): byte for byte the download dialect of
// domain/src/csv.ts (toCsv), also across chunks, so that the web's record count (countCsvRecords, the
// success message) is the number of bookings even when a cell holds a line break.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { countCsvRecords, toCsv } from '@lp/domain/csv';
import { BOOKING_EXPORT_COLUMNS } from '@lp/domain/labels';
import { createDebitor, createWorld, createWorldBooking, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { bookingOrderBy, bookingWhere } from './bookings.filter';
import { selectBooking } from './bookings.repository';
import { toExportRecord, writeBookingsCsv } from './bookings.export';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

it('writes the bytes of toCsv for the records of the exported bookings, across chunks', async () => {
  const debitor = await createDebitor(t.db, { name: '=Gemeinde; "Nord"' });
  const texts: [string, string | null][] = [
    ['Zeile 1\nZeile 2', 'Rücklauf\r\nam Montag'],
    ['nur\rWagenrücklauf', null],
    ['Rathaus; Eingang "B"', '@SUMME(A1)'],
    ['＝HYPERLINK("x")', '-2+3'],
    ['\tTabulator', '+49 30 123'],
    ['Lager', ''],
    ['Lager "Süd"', 'Ende\n'],
  ];
  for (const [i, [deliveryLocation, additionalInformation]] of texts.entries()) {
    await createWorldBooking(t.db, w, {
      invoiceDate: `2025-06-0${i + 1}`,
      invoiceNumber: i === 3 ? '-12,50' : `F-${i}`,
      net: i % 2 === 0 ? '-1234.50' : '0.05',
      deliveryLocation,
      additionalInformation,
      debitorNumber: i === 0 ? debitor.number : w.debitorNumber,
      exportDate: i === 4 ? new Date('2025-02-28T23:30:00.000Z') : null,
    });
  }
  const parts: Buffer[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      callback();
    },
  });
  const sorting = bookingOrderBy({ key: 'invoice_date', descending: false });
  const where = bookingWhere({ creditor: w.creditorNumber }, { allCreditors: true });
  const count = await writeBookingsCsv(
    t.pool,
    where,
    sorting,
    { emailAddress: 'format@test.example' },
    destination,
    { createdBy: 'format@test.example', fileName: 'Buchungen.csv' },
    { chunkRows: { first: 3, max: 3 } },
  );
  const file = Buffer.concat(parts).toString('utf8');

  const { rows } = await t.db.execute<{ id: number }>(
    sql`select id from transactions where creditor_number = ${w.creditorNumber} order by invoice_date, id`,
  );
  const records = [];
  for (const { id } of rows) records.push(Object.values(toExportRecord((await selectBooking(t.db, id))!)));
  expect(count).toBe(texts.length);
  expect(file).toBe(toCsv([Object.values(BOOKING_EXPORT_COLUMNS), ...records]));
  expect(file).toContain('"Zeile 1\nZeile 2"');
  expect(countCsvRecords(file)).toBe(texts.length);
});
