import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingPage } from '@lp/domain/booking.schema';
import type { ExportBatch } from '@lp/domain/entities';
import { BOOKING_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { createWorld, createWorldBooking, type World } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import { insertBookings } from '../bookings/bookings.repository';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

const get = (token: string | undefined, url: string) => t.request(token, { method: 'GET', url });

async function exportOf(world: World, query: string) {
  const res = await get(world.adminToken, `/api/transactions/export?format=csv&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function listBatches(): Promise<ExportBatch[]> {
  const res = await get(w.adminToken, '/api/exports');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const newestBatch = async () => (await listBatches())[0]!;

async function batchIdsOf(ids: number[]) {
  const { rows } = await t.db.execute<{ batch: number | null }>(
    sql`select export_batch_id as batch from transactions where id = any(${sql.param(ids)}::int[]) order by id`,
  );
  return rows.map((r) => r.batch);
}

describe('GET /api/exports', () => {
  it('needs a token and is only for admins', async () => {
    expect((await get(undefined, '/api/exports')).statusCode).toBe(401);
    const res = await get(w.supplierToken, '/api/exports');
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toBe(MESSAGES.forbidden);
  });

  it('lists every export, filter or selection, newest first, with user, count, net sum and file name', async () => {
    const world = await createWorld(t);
    const a = await createWorldBooking(t.db, world, { net: '10.05' });
    const b = await createWorldBooking(t.db, world, { net: '-2.50' });
    const c = await createWorldBooking(t.db, world, { net: '1000.00' });
    const started = Date.now();
    await exportOf(world, `creditor=${world.creditorNumber}&searchQuery=${a.invoiceNumber}`);
    const selected = await get(
      world.adminToken,
      `/api/transactions/export-selected?format=csv&items=${b.id}&items=${c.id}`,
    );
    expect(selected.statusCode).toBe(200);

    const [second, first] = await listBatches();
    expect(second).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      createdBy: ADMIN_EMAIL,
      count: 2,
      netSum: 997.5,
      fileName: 'Buchungen.csv',
    });
    expect(first).toMatchObject({ count: 1, netSum: 10.05, createdBy: ADMIN_EMAIL });
    expect(second!.id).toBeGreaterThan(first!.id);
    expect(new Date(first!.createdAt).getTime()).toBeGreaterThanOrEqual(started - 1000);
    // Each booking carries the batch that marked it.
    expect(await batchIdsOf([a.id, b.id, c.id])).toEqual([first!.id, second!.id, second!.id]);
  });

  it('keeps the first batch of a booking that a later export includes again', async () => {
    const world = await createWorld(t);
    const old = await createWorldBooking(t.db, world);
    await exportOf(world, `creditor=${world.creditorNumber}`);
    const firstBatch = await newestBatch();
    const fresh = await createWorldBooking(t.db, world);
    await exportOf(world, `creditor=${world.creditorNumber}`);
    const secondBatch = await newestBatch();
    expect(secondBatch.count).toBe(2);
    expect(await batchIdsOf([old.id, fresh.id])).toEqual([firstBatch.id, secondBatch.id]);
  });

  it('leaves no batch for an export that delivers nothing: the file has its header only', async () => {
    const world = await createWorld(t);
    await createWorldBooking(t.db, world);
    const before = await listBatches();
    const empty = await exportOf(world, `creditor=${world.creditorNumber}&searchQuery=NICHTVORHANDEN`);
    expect(
      empty.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    const unknown = await get(
      world.adminToken,
      '/api/transactions/export-selected?format=csv&items=999999998',
    );
    expect(unknown.statusCode).toBe(200);
    expect(await listBatches()).toEqual(before);
  });
});

describe('GET /api/exports/{id}/file', () => {
  it('needs a token, is only for admins, and answers an unknown or malformed id in German', async () => {
    await exportOf(w, `creditor=${w.creditorNumber}`);
    const { id } = await newestBatch();
    expect((await get(undefined, `/api/exports/${id}/file`)).statusCode).toBe(401);
    expect((await get(w.supplierToken, `/api/exports/${id}/file`)).statusCode).toBe(403);
    const missing = await get(w.adminToken, `/api/exports/${id + 1000}/file`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].message).toBe(MESSAGES.notFound);
    const malformed = await get(w.adminToken, '/api/exports/abc/file');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].message).toBe(MESSAGES.malformedRequest);
  });

  it('delivers the file again byte for byte, with the same type and name', async () => {
    const world = await createWorld(t);
    await createWorldBooking(t.db, world, {
      invoiceNumber: 'RE-Ä-1',
      deliveryLocation: 'Rathaus; Eingang "B"',
      additionalInformation: 'Zeile 1\nZeile 2',
      net: '-1234.56',
    });
    await createWorldBooking(t.db, world, { invoiceNumber: '=SUMME(A1)' });
    const first = await exportOf(world, `creditor=${world.creditorNumber}`);
    const again = await get(world.adminToken, `/api/exports/${(await newestBatch()).id}/file`);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('stores a file of many chunks compressed and gives back the same bytes', async () => {
    const world = await createWorld(t);
    await insertBookings(
      t.db,
      Array.from({ length: 3_000 }, (_, i) => ({
        invoiceDate: '2026-01-15',
        invoiceNumber: `RE-${i}`,
        net: `${i}.99`,
        debitorNumber: world.debitorNumber,
        deliveryLocation: `Lager ${i % 17}`,
        articleNumber: world.articleNumber,
        additionalInformation: i % 3 === 0 ? null : `Hinweis ${i}`,
        creditorNumber: world.creditorNumber,
        creationUserEmailAddress: world.supplierEmail,
      })),
    );
    const first = await exportOf(world, `creditor=${world.creditorNumber}&sorting=invoice_number`);
    const batch = await newestBatch();
    expect(batch.count).toBe(3_000);
    // 0.99 + 1.99 + … + 2999.99
    expect(batch.netSum).toBe((2_999 * 3_000) / 2 + 3_000 * 0.99);
    const { rows } = await t.db.execute<{ stored: number }>(
      sql`select octet_length(file)::int as stored from export_batches where id = ${batch.id}`,
    );
    expect(rows[0]!.stored).toBeLessThan(first.rawPayload.length / 4);
    const again = await get(world.adminToken, `/api/exports/${batch.id}/file`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});

describe('GET /api/transactions?exportBatch=', () => {
  it('lists the bookings a batch marked, within what the user sees', async () => {
    const world = await createWorld(t);
    const other = await createWorld(t);
    const own = await createWorldBooking(t.db, world);
    const foreign = await createWorldBooking(t.db, other);
    const later = await createWorldBooking(t.db, world);
    await get(
      world.adminToken,
      `/api/transactions/export-selected?format=csv&items=${own.id}&items=${foreign.id}`,
    );
    const { id } = await newestBatch();
    await get(world.adminToken, `/api/transactions/export-selected?format=csv&items=${later.id}`);

    const ids = async (token: string) => {
      const res = await get(token, `/api/transactions?exportBatch=${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as BookingPage).items.map((b) => b.id).sort((x, y) => x - y);
    };
    expect(await ids(world.adminToken)).toEqual([own.id, foreign.id].sort((x, y) => x - y));
    expect(await ids(world.supplierToken)).toEqual([own.id]);
  });

  it('lists the bookings a re-export delivered again, and exports them again by that filter', async () => {
    const world = await createWorld(t);
    const [first, second, fresh] = [
      await createWorldBooking(t.db, world),
      await createWorldBooking(t.db, world),
      await createWorldBooking(t.db, world),
    ];
    await get(world.adminToken, `/api/transactions/export-selected?format=csv&items=${first.id}`);
    // Again, with one not exported before: the batch marks that one and delivers the other again.
    await get(
      world.adminToken,
      `/api/transactions/export-selected?format=csv&items=${first.id}&items=${fresh.id}`,
    );
    const again = await newestBatch();
    expect(again.count).toBe(2);
    const listed = await get(world.adminToken, `/api/transactions?exportBatch=${again.id}`);
    const page = listed.json() as BookingPage;
    expect(page.total).toBe(2);
    expect(page.items.map((b) => b.id).sort((x, y) => x - y)).toEqual([first.id, fresh.id]);
    expect(page.items.map((b) => b.id)).not.toContain(second.id);
    // The file of that filter holds the same two.
    const file = await exportOf(world, `exportBatch=${again.id}`);
    expect(file.body).toContain(first.invoiceNumber);
    expect(file.body).toContain(fresh.invoiceNumber);
    expect(file.body).not.toContain(second.invoiceNumber);
  });

  it('answers a malformed batch id in German', async () => {
    const res = await get(w.adminToken, '/api/transactions?exportBatch=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ property: 'exportBatch', message: BOOKING_MESSAGES.invalidValue }]);
  });
});
