// The export to a client that accepts gzip (decision 0024): the stored copy's gzip stream is what it
// receives, flushed after every chunk so that the first rows leave at once; the batch's file delivered
// again is the same bytes; a failure takes everything back as in the plain export.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportBatch } from '@lp/domain/entities';
import { MESSAGES } from '@lp/domain/messages';
import { createLongWorldBookings, createWorld, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { selectExportBatchFile } from '../exports/exports.repository';
import { sendBookingsExport } from './bookings.routes';
import {
  exportBatchesBy,
  exportRecords,
  exportWorld,
  seedInvoicedBookings,
} from './bookings-export.test-support';

const t = useTestApp();
let admin: string;
beforeAll(async () => {
  admin = (await createWorld(t)).adminToken;
});

/** The invoice numbers of a CSV file's records (header left out). */
function invoiceNumbers(csv: Buffer | string): string[] {
  return exportRecords(csv)
    .slice(1)
    .map((record) => record[1]!);
}

/** What gzip has sent so far, decoded as far as it goes (no trailer yet). */
const decodedSoFar = (parts: Buffer[]) =>
  zlib.gunzipSync(Buffer.concat(parts), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString();

describe('an export sent gzip-compressed', () => {
  it('sends the stored gzip stream, each chunk of rows decodable as soon as it is written', async () => {
    const { world } = await seedInvoicedBookings(t, 10);
    const parts: Buffer[] = [];
    /** After each write: what decodes so far, as records, and whether it ends with a whole one. */
    const seen: { records: number; whole: boolean }[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        parts.push(chunk);
        const text = decodedSoFar(parts);
        seen.push({ records: invoiceNumbers(text).length, whole: text.endsWith('\r\n') });
        callback();
      },
    });
    const by = 'gzip@test.example';
    expect(await exportWorld(t, world, destination, { by, encoding: 'gzip' })).toBe(10);

    const sent = Buffer.concat(parts);
    expect(invoiceNumbers(zlib.gunzipSync(sent))).toEqual([...Array(10).keys()].map((i) => `R-${i}`));
    // Chunks of 3: the rows leave in steps while the export runs, each write ending with a whole record.
    expect(seen.every((after) => after.whole)).toBe(true);
    expect(seen.filter((after) => after.records > 0 && after.records < 10).length).toBeGreaterThanOrEqual(3);
    const [batch] = await exportBatchesBy(t, by);
    expect((await selectExportBatchFile(t.db, batch!.id))!.file.equals(sent), 'stored = sent').toBe(true);
  });

  it('takes everything back when writing fails midway', async () => {
    const { world } = await seedInvoicedBookings(t, 12);
    let writes = 0;
    const failing = new Writable({
      write(_chunk, _encoding, callback) {
        writes += 1;
        callback(writes === 3 ? new Error('disk full') : null);
      },
    });
    const by = 'gzip-failed@test.example';
    await expect(exportWorld(t, world, failing, { by, encoding: 'gzip' })).rejects.toThrow('disk full');
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transactions
        where creditor_number = ${world.creditorNumber} and export_date is not null`,
    );
    expect(rows[0]!.n).toBe(0);
    expect(await exportBatchesBy(t, by)).toEqual([]);
  });
});

describe('GET /api/transactions/export and /api/exports/:id/file with accept-encoding', () => {
  const exportOf = (world: World, acceptEncoding?: string) =>
    t.request(admin, {
      method: 'GET',
      url: `/api/transactions/export?format=csv&creditor=${world.creditorNumber}&sorting=invoice_date`,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
  const fileOf = (id: number, acceptEncoding?: string) =>
    t.request(admin, {
      method: 'GET',
      url: `/api/exports/${id}/file`,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
  const newestBatch = async () =>
    ((await t.request(admin, { method: 'GET', url: '/api/exports' })).json() as ExportBatch[])[0]!;

  it('sends gzip where accepted, and the batch file again as the same bytes or as CSV', async () => {
    const { world } = await seedInvoicedBookings(t, 7);
    const res = await exportOf(world, 'gzip, deflate, br, zstd');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-disposition']).toMatch(/Buchungen\.csv/);
    const csv = zlib.gunzipSync(res.rawPayload);
    expect(invoiceNumbers(csv)).toEqual([...Array(7).keys()].map((i) => `R-${i}`));

    const batch = await newestBatch();
    const again = await fileOf(batch.id, 'gzip');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.rawPayload.equals(res.rawPayload), 'the same bytes as delivered').toBe(true);
    const plain = await fileOf(batch.id);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(csv)).toBe(true);
  });

  it('sends CSV to a client that does not take gzip', async () => {
    for (const accept of [undefined, 'br', 'gzip;q=0, br']) {
      const { world } = await seedInvoicedBookings(t, 2);
      const res = await exportOf(world, accept);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(invoiceNumbers(res.rawPayload), accept).toEqual(['R-0', 'R-1']);
    }
  });
});

describe('sendBookingsExport', () => {
  it('answers a failure before the first byte with the German 500, not as gzip', async () => {
    const app = Fastify();
    app.get('/export', (request, reply) =>
      sendBookingsExport(request, reply, () => Promise.reject(new Error('the database is gone'))),
    );
    const res = await app.inject({ method: 'GET', url: '/export', headers: { 'accept-encoding': 'gzip' } });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toEqual({
      code: 'SERVER_ERROR',
      errors: [{ property: '', message: MESSAGES.serverError }],
    });
  });
});

describe('a download the client abandons after its first bytes', () => {
  async function seedMany(count: number) {
    const world = await createWorld(t);
    await createLongWorldBookings(t.db, world, count);
    return world;
  }

  /** Backends of this database other than the test's own that are in a statement or a transaction. */
  const busyBackends = async () =>
    (
      await t.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database()
          and pid <> pg_backend_pid() and state is not null and state <> 'idle'`,
      )
    ).rows[0]!.n;

  it.each(['gzip', 'identity'])(
    'ends the export (%s): nothing marked, both connections given back',
    async (encoding) => {
      const world = await seedMany(20_000);
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port,
            path: `/api/transactions/export?format=csv&creditor=${world.creditorNumber}`,
            headers: { authorization: `Bearer ${admin}`, 'accept-encoding': encoding },
          },
          (res) => {
            res.once('data', () => {
              // Read nothing more, then go away, as a browser whose user cancels the download.
              res.pause();
              setTimeout(() => {
                request.destroy();
                resolve();
              }, 300);
            });
          },
        );
        request.on('error', () => undefined);
        request.setTimeout(10_000, () => reject(new Error('no first bytes')));
      });
      let busy = -1;
      for (let i = 0; i < 100 && busy !== 0; i += 1) {
        busy = await busyBackends();
        if (busy !== 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(busy, 'connections of the export still busy 5 s after the client left').toBe(0);
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from transactions
          where creditor_number = ${world.creditorNumber} and export_date is not null`,
      );
      expect(rows[0]!.n).toBe(0);
    },
    30_000,
  );
});
