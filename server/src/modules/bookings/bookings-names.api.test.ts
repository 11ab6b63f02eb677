// The master-data names kept on the booking rows (migration 0011_booking_names_sync): filled when a
// booking is stored (by the app's insert itself since migration 0050, by the row trigger for any other
// insert) or gets another number, renamed with the master record in its transaction.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles, bookings, creditors, debitors } from '../../db/schema';
import {
  bookingBody,
  createDebitor,
  createWorld,
  createWorldBooking,
  type World,
  worldBookingRow,
} from '../../../test/factories';
import { untilWaitingOrSettled } from '../../../test/lock-waiters';
import { insertBookings } from './bookings.repository';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

async function get(id: number) {
  const res = await t.request(w.adminToken, { method: 'GET', url: `/api/transactions/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    debitor: { name: string };
    article: { name: string };
    creditor: { name: string };
    version: number;
  }>();
}

async function storedNames(id: number) {
  const [row] = await t.db
    .select({ d: bookings.debitorName, a: bookings.articleName, c: bookings.creditorName })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row;
}

const newRow = (world: World, invoiceNumber: string) => worldBookingRow(world, { invoiceNumber });

describe('names of the master data on the bookings', () => {
  it('are the master records’ names when a booking is stored', async () => {
    const booking = await createWorldBooking(t.db, w);
    expect(await storedNames(booking.id)).toEqual({ d: w.debitorName, a: w.articleName, c: w.creditorName });
  });

  it('follow a rename of each master record in its transaction, without a new booking version', async () => {
    const world = await createWorld(t);
    const booking = await createWorldBooking(t.db, world);
    const before = await get(booking.id);
    await t.db.transaction(async (tx) => {
      await tx.update(debitors).set({ name: 'Gemeinde Neu' }).where(eq(debitors.number, world.debitorNumber));
      await tx.update(articles).set({ name: 'Artikel Neu' }).where(eq(articles.number, world.articleNumber));
      await tx
        .update(creditors)
        .set({ name: 'Lieferant Neu' })
        .where(eq(creditors.number, world.creditorNumber));
      // Seen inside the renaming transaction already.
      const [row] = await tx
        .select({ d: bookings.debitorName })
        .from(bookings)
        .where(eq(bookings.id, booking.id));
      expect(row?.d).toBe('Gemeinde Neu');
    });
    expect(await get(booking.id)).toEqual({
      ...before,
      debitor: { ...before.debitor, name: 'Gemeinde Neu' },
      article: { ...before.article, name: 'Artikel Neu' },
      creditor: { ...before.creditor, name: 'Lieferant Neu' },
    });
  });

  it('are not renamed when the rename rolls back', async () => {
    const world = await createWorld(t);
    const booking = await createWorldBooking(t.db, world);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(debitors).set({ name: 'Verworfen' }).where(eq(debitors.number, world.debitorNumber));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await storedNames(booking.id))?.d).toBe(world.debitorName);
  });

  it('are looked up by the trigger for an insert that brings none, and kept from the app’s insert', async () => {
    const world = await createWorld(t);
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
        article_number, creditor_number, creation_user_email_address)
       values (current_date, 'RE-OHNE-NAMEN', 10, $1, 'Lager', $2, $3, $4) returning id`,
      [world.debitorNumber, world.articleNumber, world.creditorNumber, world.supplierEmail],
    );
    expect(await storedNames(rows[0]!.id)).toEqual({
      d: world.debitorName,
      a: world.articleName,
      c: world.creditorName,
    });
    const [id] = await insertBookings(t.db, [newRow(world, 'RE-MIT-NAMEN')]);
    expect(await storedNames(id!)).toEqual({
      d: world.debitorName,
      a: world.articleName,
      c: world.creditorName,
    });
  });

  it('follow a change of the booking’s debitor', async () => {
    const booking = await createWorldBooking(t.db, w);
    const other = await createDebitor(t.db);
    await t.db.update(bookings).set({ debitorNumber: other.number }).where(eq(bookings.id, booking.id));
    expect(await storedNames(booking.id)).toEqual({ d: other.name, a: w.articleName, c: w.creditorName });
  });

  it('agree with the master data for every booking of the test database', async () => {
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from transactions t
      join debitors d on d.number = t.debitor_number join articles a on a.number = t.article_number
      join creditors c on c.number = t.creditor_number
      where t.debitor_name <> d.name or t.article_name <> a.name or t.creditor_name <> c.name`);
    expect(rows[0]?.n).toBe(0);
  });
});

// A supplier uploads while an admin renames one of the booking's master records: whichever commits
// first, every booking ends up with the name that holds after both.
const RENAMED_RECORDS = [
  { table: 'debitors', number: (w: World) => w.debitorNumber, field: 'debitor', stored: 'd' },
  { table: 'articles', number: (w: World) => w.articleNumber, field: 'article', stored: 'a' },
  { table: 'creditors', number: (w: World) => w.creditorNumber, field: 'creditor', stored: 'c' },
] as const;

describe.each(RENAMED_RECORDS)(
  'names of the $table on the bookings, beside a rename at the same moment',
  ({ table, number, field, stored }) => {
    const rename = `update ${table} set name = $1 where number = $2`;

    it('a booking saved while its record is being renamed gets the new name', async () => {
      const world = await createWorld(t);
      const renaming = await t.pool.connect();
      try {
        await renaming.query('begin');
        await renaming.query(rename, ['Umbenannt beim Speichern', number(world)]);
        const saved = t.request(world.supplierToken, {
          method: 'POST',
          url: '/api/transactions?checkForDuplicates=false',
          payload: bookingBody(world),
        });
        await untilWaitingOrSettled(t.pool, saved);
        await renaming.query('commit');
        const res = await saved;
        expect(res.statusCode, res.body).toBe(200);
        const { id } = res.json<{ id: number }>();
        expect((await get(id))[field].name).toBe('Umbenannt beim Speichern');
        expect((await storedNames(id))?.[stored]).toBe('Umbenannt beim Speichern');
      } finally {
        renaming.release();
      }
    });

    it('a rename made while a booking is being saved renames that booking too', async () => {
      const world = await createWorld(t);
      const saving = await t.pool.connect();
      try {
        await saving.query('begin');
        const { rows } = await saving.query<{ id: number }>(
          `insert into transactions (invoice_date, invoice_number, net, debitor_number, delivery_location,
            article_number, creditor_number, creation_user_email_address)
           values (current_date, 'RE-GLEICHZEITIG', 10, $1, 'Lager', $2, $3, $4) returning id`,
          [world.debitorNumber, world.articleNumber, world.creditorNumber, world.supplierEmail],
        );
        // Renamed in SQL, not through the route, whose audit snapshot locks the record FOR UPDATE and
        // so waits for the booking anyway: this is the migration's own promise, for any rename.
        const renamed = t.pool.query(rename, ['Umbenannt beim Hochladen', number(world)]);
        await untilWaitingOrSettled(t.pool, renamed);
        await saving.query('commit');
        expect((await renamed).rowCount).toBe(1);
        expect((await get(rows[0]!.id))[field].name).toBe('Umbenannt beim Hochladen');
        expect((await storedNames(rows[0]!.id))?.[stored]).toBe('Umbenannt beim Hochladen');
      } finally {
        saving.release();
      }
    });

    it('a rename made while an upload is being stored renames its bookings too', async () => {
      const world = await createWorld(t);
      let ids: number[] = [];
      let renamed: Promise<unknown> | undefined;
      await t.db.transaction(async (tx) => {
        ids = await insertBookings(tx, [newRow(world, 'RE-UPLOAD-1'), newRow(world, 'RE-UPLOAD-2')]);
        // The insert holds the record FOR SHARE: the rename waits for the upload's commit.
        renamed = t.pool.query(rename, ['Umbenannt beim Upload', number(world)]);
        await untilWaitingOrSettled(t.pool, renamed);
      });
      await renamed;
      for (const id of ids) expect((await storedNames(id))?.[stored]).toBe('Umbenannt beim Upload');
    });
  },
);
