// What an export batch costs in stored space at a million rows (docs/decisions/0012): fills an embedded
// PostgreSQL with 1,000,000 bookings of varied content, exports them all through the real export
// (bookings.export.ts: CSV streamed, gzip-compressed on the way, stored in export_batches in the
// marking transaction), and prints the delivered bytes, the stored bytes and the index on the
// bookings' batch column. Fails when the stored file does not give back the delivered bytes.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { writeBookingsCsv } from '../../server/src/modules/bookings/bookings.export';
import { bookingOrderBy } from '../../server/src/modules/bookings/bookings.filter';
import {
  ADMIN_EMAIL,
  FIRST_ARTICLE,
  FIRST_CREDITOR,
  FIRST_DEBITOR,
  MASTER_DATA,
  seconds,
  withBenchDatabase,
} from './support';

const BOOKINGS = 1_000_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Varied bookings: invoice numbers, places, amounts and notes differ from row to row, as in real use. */
const FILL = `
  insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
    article_number, additional_information, creditor_number, creation_date, creation_user_email_address)
  select date '2023-11-01' + (g % 1096), 'RE-' || (2023 + g % 3) || '-' || lpad((g / 3)::text, 7, '0'),
    round((case when random() < 0.03 then -1 else 1 end * exp(random() * ln(50000)))::numeric, 2),
    ${FIRST_DEBITOR} + floor(random() * ${MASTER_DATA.debitors})::int,
    (array['Rathaus','Grundschule','Kita','Bauhof','Feuerwehr','Sporthalle'])[1 + g % 6] || ' '
      || (array['Nord','Süd','Mitte','Altstadt','Höchst'])[1 + (g / 7) % 5],
    ${FIRST_ARTICLE} + floor(power(random(), 2) * ${MASTER_DATA.articles})::int,
    case when random() < 0.3 then 'Bestellung ' || (10000 + floor(random() * 90000)::int) end,
    ${FIRST_CREDITOR} + floor(power(random(), 1.5) * ${MASTER_DATA.creditors})::int,
    timestamptz '2023-11-01 08:00+01' + g * interval '90 seconds',
    'einkauf@lieferant-' || (1 + g % ${MASTER_DATA.creditors}) || '.example'
  from generate_series(1, ${BOOKINGS}) g`;

export default {
  name: 'export-batch-size',
  async run() {
    await withBenchDatabase('lp-bench-export-batch-', async ({ pool }) => {
      let started = performance.now();
      await pool.query('select setseed(0.2026)');
      await pool.query(FILL);
      await pool.query('vacuum analyze transactions');
      console.log(
        `filled ${BOOKINGS.toLocaleString('en')} bookings in ${seconds(performance.now() - started)}`,
      );

      // The delivered bytes are hashed, not kept: the export is what a browser would receive.
      const hash = createHash('sha256');
      let delivered = 0;
      const browser = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          delivered += chunk.length;
          hash.update(chunk);
          callback();
        },
      });
      started = performance.now();
      const rows = await writeBookingsCsv(
        pool,
        sql`true`,
        bookingOrderBy({ key: 'creation_date', descending: true }),
        { emailAddress: ADMIN_EMAIL },
        browser,
        { createdBy: ADMIN_EMAIL, fileName: 'Buchungen.csv' },
      );
      console.log(`exported ${rows.toLocaleString('en')} rows in ${seconds(performance.now() - started)}`);

      const { rows: sizes } = await pool.query<{
        file: Buffer;
        stored: string;
        table: string;
        batchIndex: string;
      }>(`select file, octet_length(file) as stored,
            pg_total_relation_size('export_batches') as "table",
            pg_relation_size('transactions_export_batch_idx') as "batchIndex"
          from export_batches order by id desc limit 1`);
      const size = sizes[0]!;
      const same = createHash('sha256').update(gunzipSync(size.file)).digest('hex') === hash.digest('hex');
      if (!same) throw new Error('the stored file does not give back the delivered bytes');
      const stored = Number(size.stored);
      console.log(
        `delivered file:            ${mb(delivered)} (${(delivered / rows).toFixed(0)} bytes per row)`,
      );
      console.log(
        `stored (gzip, bytea):      ${mb(stored)} (${(stored / rows).toFixed(1)} bytes per row, ` +
          `${((stored / delivered) * 100).toFixed(1)} % of the file)`,
      );
      console.log(`export_batches on disk:    ${mb(Number(size.table))} (table and its TOAST)`);
      console.log(`index on export_batch_id:  ${mb(Number(size.batchIndex))} (all rows in one batch)`);
      console.log('re-download:               byte for byte identical (sha256)');
    });
  },
};
