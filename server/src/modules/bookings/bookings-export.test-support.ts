// What the export tests share: a world of a few invoiced bookings, the export of a world's bookings
// straight through writeBookingsCsv (chunks of 3 unless told), the batches an export stored and the
// records of an exported file.
import type { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { createWorld, createWorldBooking, type World } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { bookingOrderBy, bookingWhere, type BookingFilter } from './bookings.filter';
import { writeBookingsCsv, type ChunkRows, type ExportEncoding } from './bookings.export';

/** The records of an exported file (CSV as Excel reads it), the header included. */
export function exportRecords(csv: Buffer | string): string[][] {
  return parse(csv.toString(), { bom: true, delimiter: ';', record_delimiter: '\r\n' }) as string[][];
}

/**
 * `count` open bookings of a new world, invoiced on consecutive days from 2025-03-01 (R-0, R-1, …,
 * net 0.25, 1.25, …); the world and their ids.
 */
export async function seedInvoicedBookings(t: TestApp, count: number) {
  const world = await createWorld(t);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const booking = await createWorldBooking(t.db, world, {
      invoiceDate: `2025-03-${String(i + 1).padStart(2, '0')}`,
      invoiceNumber: `R-${i}`,
      net: `${i}.25`,
    });
    ids.push(booking.id);
  }
  return { world, ids };
}

export const THREE_ROWS: ChunkRows = { first: 3, max: 3 };

/** The export of `world`'s bookings (and `filter`) by invoice date, by `by`, into `destination`. */
export function exportWorld(
  t: TestApp,
  world: World,
  destination: Writable,
  {
    by,
    filter = {},
    chunkRows = THREE_ROWS,
    descending = false,
    auditRows,
    encoding,
  }: {
    by: string;
    filter?: BookingFilter;
    chunkRows?: ChunkRows;
    descending?: boolean;
    auditRows?: number;
    encoding?: ExportEncoding;
  },
) {
  return writeBookingsCsv(
    t.pool,
    bookingWhere({ creditor: world.creditorNumber, ...filter }, { allCreditors: true }),
    bookingOrderBy({ key: 'invoice_date', descending }),
    { emailAddress: by },
    destination,
    { createdBy: by, fileName: 'Buchungen.csv' },
    { chunkRows, auditRows, encoding },
  );
}

/** The export batches `createdBy` stored: id, number of rows and net sum. */
export async function exportBatchesBy(t: TestApp, createdBy: string) {
  const { rows } = await t.db.execute<{ id: number; count: number; netSum: string }>(
    sql`select id, count, net_sum::text as "netSum" from export_batches where created_by = ${createdBy}`,
  );
  return rows;
}
