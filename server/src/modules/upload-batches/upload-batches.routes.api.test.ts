// GET /api/uploads and DELETE /api/uploads/{id} (decisions.md section 11) against a real database.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking, UploadBatch } from '@lp/domain/entities';
import { BOOKING_MESSAGES, MESSAGES, UPLOAD_MESSAGES } from '@lp/domain/messages';
import { bookingBody, createUser, createWorld, type World } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import { csvFile, HEADER, multipart } from '../upload/upload-test-support';

const t = useTestApp();
let a: World;
let b: World;
beforeAll(async () => {
  a = await createWorld(t);
  b = await createWorld(t);
});

let sequence = 0;
const row = (w: World, net = '10,00', creditor = w.creditorNumber) => [
  '02.03.2026',
  `UB-${Date.now()}-${++sequence}`,
  w.debitorNumber,
  'Lager',
  w.articleNumber,
  net,
  '',
  creditor,
];

async function upload(token: string, rows: (string | number)[][], filename = 'buchungen.csv') {
  const res = await t.request(token, {
    method: 'POST',
    url: '/api/upload?checkForDuplicates=false',
    ...multipart([{ filename, content: csvFile([HEADER, ...rows]) }]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; errors: unknown[] };
}

async function listUploads(token: string | undefined, query = '') {
  const res = await t.request(token, { method: 'GET', url: `/api/uploads${query}` });
  return { status: res.statusCode, batches: res.statusCode === 200 ? (res.json() as UploadBatch[]) : [] };
}

/** Uploads a file and answers its batch, as the uploading user's list shows it. */
async function uploadBatch(token: string, rows: (string | number)[][], filename = 'buchungen.csv') {
  expect((await upload(token, rows, filename)).count).toBe(rows.length);
  return (await listUploads(token)).batches[0]!;
}

const undo = (token: string | undefined, id: number | string) =>
  t.request(token, { method: 'DELETE', url: `/api/uploads/${id}` });

async function bookingsOfBatch(id: number) {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`select id from transactions where upload_batch_id = ${id} order by id`,
  );
  return rows.map((r) => r.id);
}

describe('GET /api/uploads', () => {
  it('needs a token', async () => {
    expect((await listUploads(undefined)).status).toBe(401);
  });

  it('records each successful upload: file name, user, count and net sum, newest first', async () => {
    const world = await createWorld(t);
    const first = await uploadBatch(
      world.supplierToken,
      [row(world, '1.234,56'), row(world, '-0,56')],
      'März.csv',
    );
    const second = await uploadBatch(world.supplierToken, [row(world)], 'April.csv');
    const { batches } = await listUploads(world.supplierToken);
    expect(batches).toEqual([second, first]);
    expect(first).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      createdBy: world.supplierEmail,
      fileName: 'März.csv',
      count: 2,
      netSum: 1234,
      creditorNumber: world.creditorNumber,
      creditorName: expect.any(String),
      exported: false,
    });
    // The bookings carry their batch on the wire.
    const [id] = await bookingsOfBatch(first.id);
    const res = await t.request(world.supplierToken, { method: 'GET', url: `/api/transactions/${id}` });
    expect((res.json() as Booking).uploadBatchId).toBe(first.id);
  });

  it('counts and sums the bookings a batch still holds, after some were deleted or changed on their own', async () => {
    const world = await createWorld(t);
    const rows = [row(world, '100,00'), row(world, '20,00'), row(world, '3,00')];
    const batch = await uploadBatch(world.supplierToken, rows);
    expect(batch).toMatchObject({ count: 3, netSum: 123 });
    const [first, second] = await bookingsOfBatch(batch.id);

    const deleted = await t.request(world.supplierToken, {
      method: 'POST',
      url: '/api/transactions/delete',
      payload: [first],
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const booking = (
      await t.request(world.supplierToken, { method: 'GET', url: `/api/transactions/${second}` })
    ).json() as Booking;
    const changed = await t.request(world.supplierToken, {
      method: 'PUT',
      url: `/api/transactions/${second}?checkForDuplicates=false`,
      payload: {
        ...bookingBody(world),
        invoiceNumber: booking.invoiceNumber,
        net: 25.5,
        version: booking.version,
      },
    });
    expect(changed.json().errors).toEqual([]);
    // Exporting (the export date) changes no total.
    await t.request(world.adminToken, {
      method: 'GET',
      url: `/api/transactions/export?format=csv&creditor=${world.creditorNumber}`,
    });

    const now = (await listUploads(world.supplierToken)).batches.find((x) => x.id === batch.id);
    expect(now).toMatchObject({ count: 2, netSum: 28.5 });
  });

  it('records nothing for a refused upload or a booking entered by hand', async () => {
    const world = await createWorld(t);
    const refused = await upload(world.supplierToken, [row(world, 'kein Betrag')]);
    expect(refused.count).toBe(0);
    const saved = await t.request(world.supplierToken, {
      method: 'POST',
      url: '/api/transactions?checkForDuplicates=false',
      payload: bookingBody(world),
    });
    expect(saved.json().errors).toEqual([]);
    expect((await listUploads(world.supplierToken)).batches).toEqual([]);
    const booking = await t.request(world.supplierToken, {
      method: 'GET',
      url: `/api/transactions/${saved.json().id}`,
    });
    expect((booking.json() as Booking).uploadBatchId).toBeNull();
  });

  it('shows a supplier its own creditor’s uploads only; admins every upload', async () => {
    const ofA = await uploadBatch(a.supplierToken, [row(a)]);
    const ofB = await uploadBatch(b.supplierToken, [row(b)]);
    const adminForA = await uploadBatch(a.adminToken, [row(a)]);
    const mixed = await uploadBatch(a.adminToken, [row(a), row(b)]);
    const ids = async (token: string) => (await listUploads(token)).batches.map((x) => x.id);
    expect(await ids(a.supplierToken)).toEqual(expect.arrayContaining([ofA.id, adminForA.id]));
    expect(await ids(a.supplierToken)).not.toContain(ofB.id);
    expect(await ids(a.supplierToken)).not.toContain(mixed.id);
    expect(await ids(a.adminToken)).toEqual(expect.arrayContaining([ofA.id, ofB.id, adminForA.id, mixed.id]));
    expect(adminForA.createdBy).toBe(ADMIN_EMAIL);
    const withoutCreditor = await createUser(t.db, { creditorNumber: null });
    expect(await ids(await t.login(withoutCreditor.emailAddress))).toEqual([]);
  });

  it('names the one creditor of a batch, or none for several', async () => {
    const forA = await uploadBatch(a.adminToken, [row(a)]);
    const mixed = await uploadBatch(a.adminToken, [row(a), row(b)]);
    const { rows } = await t.db.execute<{ name: string }>(
      sql`select name from creditors where number = ${a.creditorNumber}`,
    );
    expect(forA).toMatchObject({ creditorNumber: a.creditorNumber, creditorName: rows[0]!.name });
    expect(mixed).toMatchObject({ creditorNumber: null, creditorName: null });
  });

  it('says which batches hold an exported booking (their undo is refused)', async () => {
    const world = await createWorld(t);
    const open = await uploadBatch(world.supplierToken, [row(world)], 'offen.csv');
    const partly = await uploadBatch(world.supplierToken, [row(world), row(world)], 'teils.csv');
    const [first] = await bookingsOfBatch(partly.id);
    const exported = await t.request(world.adminToken, {
      method: 'GET',
      url: `/api/transactions/export-selected?format=csv&items=${first}`,
    });
    expect(exported.statusCode).toBe(200);
    const { batches } = await listUploads(world.supplierToken);
    expect(batches.map((x) => [x.fileName, x.exported])).toEqual([
      ['teils.csv', true],
      ['offen.csv', false],
    ]);
    expect((await undo(world.supplierToken, partly.id)).statusCode).toBe(409);
    expect((await undo(world.supplierToken, open.id)).statusCode).toBe(204);
  });

  it('lists only the user’s own uploads with mine=true, the newest `limit`', async () => {
    const world = await createWorld(t);
    const colleague = await createUser(t.db, { creditorNumber: world.creditorNumber });
    const colleagueToken = await t.login(colleague.emailAddress);
    const own = [
      await uploadBatch(world.supplierToken, [row(world)], 'eins.csv'),
      await uploadBatch(world.supplierToken, [row(world)], 'zwei.csv'),
    ];
    const theirs = await uploadBatch(colleagueToken, [row(world)], 'kollege.csv');
    const ids = async (token: string, query: string) =>
      (await listUploads(token, query)).batches.map((x) => x.id);

    expect(await ids(world.supplierToken, '')).toEqual([theirs.id, own[1]!.id, own[0]!.id]);
    expect(await ids(world.supplierToken, '?mine=true')).toEqual([own[1]!.id, own[0]!.id]);
    expect(await ids(world.supplierToken, '?mine=true&limit=1')).toEqual([own[1]!.id]);
    expect(await ids(world.supplierToken, '?mine=false&limit=2')).toEqual([theirs.id, own[1]!.id]);
    expect(await ids(colleagueToken, '?mine=true')).toEqual([theirs.id]);
    // An admin's own: none of the suppliers' uploads.
    expect(await ids(world.adminToken, '?mine=true&limit=1000')).not.toContain(theirs.id);
  });

  it('answers a malformed query in German', async () => {
    for (const query of [
      '?limit=0',
      '?limit=1001',
      '?limit=zehn',
      '?limit=',
      '?mine=ja',
      '?limit=1&limit=2',
    ]) {
      const res = await t.request(a.supplierToken, { method: 'GET', url: `/api/uploads${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].message, query).toBe(BOOKING_MESSAGES.invalidValue);
    }
  });
});

describe('DELETE /api/uploads/{id}', () => {
  it('needs a token; another creditor’s batch is not found and keeps its bookings', async () => {
    const batch = await uploadBatch(a.supplierToken, [row(a), row(a)]);
    const before = await bookingsOfBatch(batch.id);
    expect((await undo(undefined, batch.id)).statusCode).toBe(401);
    const foreign = await undo(b.supplierToken, batch.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].message).toBe(MESSAGES.notFound);
    expect(await bookingsOfBatch(batch.id)).toEqual(before);
  });

  it('answers a malformed or unknown id in German, removing nothing', async () => {
    const batch = await uploadBatch(a.supplierToken, [row(a)]);
    const malformed = await undo(a.supplierToken, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].message).toBe(MESSAGES.malformedRequest);
    const unknown = await undo(a.supplierToken, batch.id + 10_000);
    expect(unknown.statusCode).toBe(404);
    expect(await bookingsOfBatch(batch.id)).toHaveLength(1);
  });

  it('removes all bookings of the batch and the batch itself', async () => {
    const batch = await uploadBatch(a.supplierToken, [row(a), row(a), row(a)]);
    const other = await uploadBatch(a.supplierToken, [row(a)]);
    const removed = await bookingsOfBatch(batch.id);
    expect(removed).toHaveLength(3);
    const res = await undo(a.supplierToken, batch.id);
    expect(res.statusCode).toBe(204);
    expect(await bookingsOfBatch(batch.id)).toEqual([]);
    // Each removed booking's history ends with its deletion, by the supplier who undid the upload.
    for (const id of removed) {
      const history = await t.request(a.adminToken, {
        method: 'GET',
        url: `/api/audit?entity=transaction&id=${id}`,
      });
      expect(history.json()[0]).toMatchObject({ action: 'delete', userEmailAddress: a.supplierEmail });
    }
    const listed = (await listUploads(a.supplierToken)).batches.map((x) => x.id);
    expect(listed).not.toContain(batch.id);
    expect(listed).toContain(other.id);
    expect(await bookingsOfBatch(other.id)).toHaveLength(1);
    // A second undo finds nothing.
    expect((await undo(a.supplierToken, batch.id)).statusCode).toBe(404);
  });

  it('does not wait for rows an export holds: answers 409 in German, removing nothing, and never deadlocks it', async () => {
    const batch = await uploadBatch(a.supplierToken, [row(a), row(a), row(a)]);
    const [first, second, third] = await bookingsOfBatch(batch.id);
    // The export's transaction: it has marked the second booking and goes on to others while the undo
    // runs (an export takes its chunks in the list's order, not by id).
    const exporting = await t.pool.connect();
    try {
      await exporting.query('begin');
      await exporting.query('select id from transactions where id = $1 for update', [second]);
      const undone = undo(a.supplierToken, batch.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // A waiting undo would hold the first booking here and wait for the second: a deadlock.
      await exporting.query('select id from transactions where id = any($1) for update', [[first, third]]);
      const res = await undone;
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].message).toBe(BOOKING_MESSAGES.bookingsBusy);
      await exporting.query('commit');
    } finally {
      exporting.release();
    }
    expect(await bookingsOfBatch(batch.id)).toEqual([first, second, third]);
    // Once the export has ended, the undo goes through.
    expect((await undo(a.supplierToken, batch.id)).statusCode).toBe(204);
  });

  it('lets admins undo any batch, a supplier not a batch of several creditors', async () => {
    const mixed = await uploadBatch(a.adminToken, [row(a), row(b)]);
    expect((await undo(a.supplierToken, mixed.id)).statusCode).toBe(404);
    expect(await bookingsOfBatch(mixed.id)).toHaveLength(2);
    expect((await undo(a.adminToken, mixed.id)).statusCode).toBe(204);
    expect(await bookingsOfBatch(mixed.id)).toEqual([]);
  });

  it('refuses (409) a batch with an exported booking and removes nothing', async () => {
    const batch = await uploadBatch(a.supplierToken, [row(a), row(a)]);
    const [first] = await bookingsOfBatch(batch.id);
    const exported = await t.request(a.adminToken, {
      method: 'GET',
      url: `/api/transactions/export-selected?format=csv&items=${first}`,
    });
    expect(exported.statusCode).toBe(200);
    for (const token of [a.supplierToken, a.adminToken]) {
      const res = await undo(token, batch.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([{ property: '', message: UPLOAD_MESSAGES.batchExported }]);
    }
    expect(await bookingsOfBatch(batch.id)).toHaveLength(2);
    expect((await listUploads(a.supplierToken)).batches.map((x) => x.id)).toContain(batch.id);
  });
});
