import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDate } from '@lp/domain/dates';
import { BOOKING_EXPORT_COLUMNS } from '@lp/domain/labels';
import {
  createDebitor,
  createLongWorldBookings,
  createWorld,
  createWorldBooking,
  findBooking,
  type World,
} from '../../../test/factories';
import { lockWaiters } from '../../../test/lock-waiters';
import { useTestApp } from '../../../test/test-app';
import { countEntries } from '../audit/audit.test-support';
import { bookingOrderBy, bookingWhere } from './bookings.filter';
import { writeBookingsCsv } from './bookings.export';
import { exportRecords } from './bookings-export.test-support';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

const HEADER = Object.values(BOOKING_EXPORT_COLUMNS);

const exportUrl = (query: string) => `/api/transactions/export?format=csv&${query}`;

async function exportCsv(url: string) {
  const res = await t.request(w.adminToken, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: exportRecords(res.body) };
}

async function exportDates(ids: number[]) {
  const { rows } = await t.db.execute<{ id: number; exported: boolean }>(
    sql`select id, export_date is not null as exported from transactions where id = any(${sql.param(ids)}::int[]) order by id`,
  );
  return rows.map((r) => r.exported);
}

describe('GET /api/transactions/export', () => {
  it('needs a token and is only for admins (403 for suppliers), marking nothing', async () => {
    const stored = await createWorldBooking(t.db, w);
    expect((await t.request(undefined, { method: 'GET', url: exportUrl('') })).statusCode).toBe(401);
    const res = await t.request(w.supplierToken, {
      method: 'GET',
      url: exportUrl(`creditor=${w.creditorNumber}`),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe('Sie haben keine Berechtigung für diese Aktion.');
    expect((await findBooking(t.db, stored.id))?.exportDate).toBeNull();
  });

  it('writes Buchungen.csv: BOM, header, semicolons, CRLF, German dates and decimal comma', async () => {
    const world = await createWorld(t);
    const stored = await createWorldBooking(t.db, world, {
      invoiceDate: '2025-03-07',
      invoiceNumber: 'RE-1',
      net: '-1234.50',
      deliveryLocation: 'Rathaus; Eingang "B"',
      additionalInformation: 'Zeile 1\nZeile 2',
      creationDate: new Date('2025-03-08T23:30:00.000Z'),
    });
    const started = new Date();
    const { res, rows } = await exportCsv(exportUrl(`creditor=${world.creditorNumber}`));
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Buchungen.csv"; filename\*=UTF-8''Buchungen.csv$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain(`${HEADER.join(';')}\r\n`);
    expect(rows).toEqual([
      HEADER,
      [
        '07.03.2025',
        'RE-1',
        String(world.debitorNumber),
        world.debitorName,
        'Rathaus; Eingang "B"',
        String(world.articleNumber),
        world.articleName,
        '-1234,50',
        'Zeile 1\nZeile 2',
        String(world.creditorNumber),
        world.creditorName,
        '09.03.2025',
        world.supplierEmail,
        formatLocalDate(started),
      ],
    ]);
    const marked = await findBooking(t.db, stored.id);
    expect(marked?.exportDate?.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1000);
    expect(marked?.version).toBe(2);
  });

  it('neutralises formula-like text but keeps plain negative numbers', async () => {
    const world = await createWorld(t);
    const debitor = await createDebitor(t.db, { name: '+49 Gemeinde' });
    await createWorldBooking(t.db, world, {
      invoiceNumber: '=HYPERLINK("x")',
      deliveryLocation: '@SUMME(A1)',
      additionalInformation: '-2+3',
      debitorNumber: debitor.number,
      net: '-12.50',
    });
    const [, row] = (await exportCsv(exportUrl(`creditor=${world.creditorNumber}`))).rows;
    expect(row?.slice(1, 9)).toEqual([
      `'=HYPERLINK("x")`,
      String(debitor.number),
      "'+49 Gemeinde",
      "'@SUMME(A1)",
      String(world.articleNumber),
      world.articleName,
      '-12,50',
      "'-2+3",
    ]);
  });

  it('neutralises the full-width formula signs (＝ ＋ － ＠) like the ASCII ones', async () => {
    const world = await createWorld(t);
    const debitor = await createDebitor(t.db, { name: '＋49 Gemeinde' });
    await createWorldBooking(t.db, world, {
      invoiceNumber: '＝HYPERLINK("x")',
      deliveryLocation: '＠SUMME(A1)',
      additionalInformation: '－2＋3',
      debitorNumber: debitor.number,
    });
    const [, row] = (await exportCsv(exportUrl(`creditor=${world.creditorNumber}`))).rows;
    expect([row?.[1], row?.[3], row?.[4], row?.[8]]).toEqual([
      `'＝HYPERLINK("x")`,
      "'＋49 Gemeinde",
      "'＠SUMME(A1)",
      "'－2＋3",
    ]);
  });

  it('marks only the exported bookings; re-exported ones keep their first export date', async () => {
    const world = await createWorld(t);
    const firstExport = new Date('2025-01-15T09:00:00.000Z');
    const inside = await createWorldBooking(t.db, world, { invoiceDate: '2025-02-01' });
    const reExported = await createWorldBooking(t.db, world, {
      invoiceDate: '2025-02-02',
      exportDate: firstExport,
    });
    const outside = await createWorldBooking(t.db, world, { invoiceDate: '2025-04-01' });
    const otherWorld = await createWorld(t);
    const otherCreditor = await createWorldBooking(t.db, otherWorld, { invoiceDate: '2025-02-01' });

    const { rows } = await exportCsv(
      exportUrl(
        `creditor=${world.creditorNumber}&invoiceDateFrom=2025-01-01&invoiceDateUntil=2025-03-31&sorting=invoice_date`,
      ),
    );
    expect(rows.slice(1).map((r) => r[0])).toEqual(['01.02.2025', '02.02.2025']);
    expect(rows[1]![13]).toBe(formatLocalDate(new Date()));
    expect(rows[2]![13]).toBe('15.01.2025');
    expect(await exportDates([inside.id, reExported.id, outside.id, otherCreditor.id])).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect((await findBooking(t.db, reExported.id))?.exportDate).toEqual(firstExport);
    expect((await findBooking(t.db, reExported.id))?.version).toBe(1);

    const again = await exportCsv(
      exportUrl(`creditor=${world.creditorNumber}&invoiceDateUntil=2025-03-31&sorting=invoice_date`),
    );
    expect(again.rows[1]![13]).toBe(rows[1]![13]);
    expect((await findBooking(t.db, inside.id))?.version).toBe(2);
  });

  it('exports exactly the not-yet-exported bookings with that filter, and marks them', async () => {
    const world = await createWorld(t);
    const open = await createWorldBooking(t.db, world, { invoiceNumber: 'OFFEN' });
    await createWorldBooking(t.db, world, {
      invoiceNumber: 'ALT',
      exportDate: new Date('2025-01-01T10:00:00.000Z'),
    });
    const { rows } = await exportCsv(exportUrl(`creditor=${world.creditorNumber}&notExportedOnly=true`));
    expect(rows.slice(1).map((r) => r[1])).toEqual(['OFFEN']);
    expect(await exportDates([open.id])).toEqual([true]);
    // Nothing left to export: the header alone.
    const empty = await exportCsv(exportUrl(`creditor=${world.creditorNumber}&notExportedOnly=true`));
    expect(empty.rows).toEqual([HEADER]);
  });

  it('refuses a creditor number beyond any record in German and marks nothing (it once exported every creditor)', async () => {
    const world = await createWorld(t);
    const open = await createWorldBooking(t.db, world, { invoiceNumber: 'NICHT-MARKIEREN' });
    const res = await t.request(w.adminToken, {
      method: 'GET',
      url: exportUrl('creditor=7000270002&searchQuery=NICHT-MARKIEREN'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { property: 'creditor', message: 'Die Zahl darf höchstens 2147483647 betragen.' },
    ]);
    expect(await exportDates([open.id])).toEqual([false]);
  });

  it('applies the search of the list', async () => {
    const world = await createWorld(t);
    const hit = await createWorldBooking(t.db, world, { deliveryLocation: 'Schwimmbad Nordwest' });
    const miss = await createWorldBooking(t.db, world, { deliveryLocation: 'Rathaus' });
    const { rows } = await exportCsv(exportUrl(`creditor=${world.creditorNumber}&searchQuery=schwimmbad`));
    expect(rows).toHaveLength(2);
    expect(await exportDates([hit.id, miss.id])).toEqual([true, false]);
  });

  it('takes a search with quotes, backslashes, semicolons and % literally (COPY gets it as a literal)', async () => {
    const world = await createWorld(t);
    const location = 'O\'Brien\\Halle; 100% "Süd" $1';
    const hit = await createWorldBooking(t.db, world, { deliveryLocation: location });
    const miss = await createWorldBooking(t.db, world, { deliveryLocation: "O'Brien Halle; 100" });
    const search = encodeURIComponent('\'Brien\\Halle; 100% "Süd" $1');
    const { rows } = await exportCsv(exportUrl(`creditor=${world.creditorNumber}&searchQuery=${search}`));
    expect(rows.slice(1).map((r) => r[4])).toEqual([location]);
    expect(await exportDates([hit.id, miss.id])).toEqual([true, false]);
  });

  it.each(['', 'format=pdf', 'format=csv&sorting=unknown', 'format=csv&invoiceDateFrom=gestern'])(
    'refuses the malformed query %j (400)',
    async (query) => {
      const res = await t.request(w.adminToken, { method: 'GET', url: `/api/transactions/export?${query}` });
      expect(res.statusCode).toBe(400);
    },
  );
});

describe('GET /api/transactions/export-selected', () => {
  const url = (query: string) => `/api/transactions/export-selected?format=csv&${query}`;

  it('needs a token and is only for admins (403 for suppliers, even for their own bookings)', async () => {
    const stored = await createWorldBooking(t.db, w);
    expect((await t.request(undefined, { method: 'GET', url: url(`items=${stored.id}`) })).statusCode).toBe(
      401,
    );
    const res = await t.request(w.supplierToken, { method: 'GET', url: url(`items=${stored.id}`) });
    expect(res.statusCode).toBe(403);
    expect((await findBooking(t.db, stored.id))?.exportDate).toBeNull();
  });

  it('exports and marks exactly the selected bookings, of any creditor', async () => {
    const other = await createWorld(t);
    const a = await createWorldBooking(t.db, w, { invoiceNumber: 'SEL-A' });
    const b = await createWorldBooking(t.db, other, { invoiceNumber: 'SEL-B' });
    const c = await createWorldBooking(t.db, w, { invoiceNumber: 'SEL-C' });
    const { res, rows } = await exportCsv(url(`items=${a.id}&items=${b.id}&sorting=invoice_number`));
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Buchungen.csv"; filename\*=UTF-8''Buchungen.csv$/,
    );
    expect(rows.slice(1).map((r) => r[1])).toEqual(['SEL-A', 'SEL-B']);
    expect(await exportDates([a.id, b.id, c.id])).toEqual([true, true, false]);

    const single = await exportCsv(url(`items=${c.id}`));
    expect(single.rows.slice(1).map((r) => r[1])).toEqual(['SEL-C']);
  });

  it.each(['', 'items=abc', 'items=0', 'items=1&items=x', 'format=csv'])(
    'refuses the malformed query %j (400)',
    async (query) => {
      const res = await t.request(w.adminToken, {
        method: 'GET',
        url: `/api/transactions/export-selected?${query}`,
      });
      expect(res.statusCode).toBe(400);
    },
  );

  it('says how many may be selected when more are, and marks nothing', async () => {
    const stored = await createWorldBooking(t.db, w);
    const items = [stored.id, ...Array.from({ length: 1_000 }, (_, i) => i + 1)];
    const res = await t.request(w.adminToken, {
      method: 'GET',
      url: url(items.map((id) => `items=${id}`).join('&')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { property: 'items', message: 'Es können höchstens 1.000 Buchungen auf einmal ausgewählt werden.' },
    ]);
    expect((await findBooking(t.db, stored.id))?.exportDate).toBeNull();
  });
});

describe('an export that does not complete', () => {
  async function seed(count: number) {
    const world = await createWorld(t);
    return { world, ids: await createLongWorldBookings(t.db, world, count) };
  }
  const markedCount = async (creditorNumber: number) =>
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from transactions where creditor_number = ${creditorNumber} and export_date is not null`,
      )
    ).rows[0]!.n;

  const batchCount = async () =>
    (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from export_batches`)).rows[0]!.n;

  it('rolls back when the destination fails midway: nothing is marked', async () => {
    const { world, ids } = await seed(3000);
    let chunks = 0;
    const failing = new Writable({
      write(_chunk, _encoding, callback) {
        chunks += 1;
        callback(chunks > 2 ? new Error('disk full') : null);
      },
    });
    const where = bookingWhere({ creditor: world.creditorNumber }, { allCreditors: true });
    const batchesBefore = await batchCount();
    await expect(
      writeBookingsCsv(
        t.pool,
        where,
        bookingOrderBy({ key: 'creation_date', descending: true }),
        { emailAddress: 'admin@test.example' },
        failing,
        { createdBy: world.supplierEmail, fileName: 'Buchungen.csv' },
      ),
    ).rejects.toThrow('disk full');
    expect(await markedCount(world.creditorNumber)).toBe(0);
    expect(await batchCount(), 'no export batch is stored').toBe(batchesBefore);
    // The audit entries of the export went with it.
    expect(await countEntries(t, 'booking', ids)).toBe(0);
    // The pool is still usable afterwards.
    expect((await t.pool.query('select 1 as one')).rows[0].one).toBe(1);
  });

  it('rolls back when the client goes away before the file is complete', async () => {
    const { world, ids } = await seed(3);
    // Another transaction locks one of the bookings: the export waits inside its statement while
    // the client gives up, then resumes into a closed connection.
    const blocker = await t.pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from transactions where id = $1 for update', [ids[0]]);
      // A real socket, as a browser's (the server is closed by afterAll).
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const request = http.get({
        host: '127.0.0.1',
        port,
        path: `/api/transactions/export?format=csv&creditor=${world.creditorNumber}`,
        headers: { authorization: `Bearer ${w.adminToken}` },
      });
      request.on('error', () => undefined);
      await waitFor(async () => (await lockWaiters(t.pool)) === 1);
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    expect(await markedCount(world.creditorNumber)).toBe(0);
  });

  async function waitFor(condition: () => Promise<boolean>) {
    for (let i = 0; i < 100; i += 1) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('condition not met');
  }
});
