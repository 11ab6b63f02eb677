import { beforeAll, describe, expect, it } from 'vitest';
import {
  countBookings,
  createWorld,
  createWorldBooking,
  findBooking,
  type World,
} from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { BOOKING_MESSAGES } from '@lp/domain/messages';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

const remove = (token: string | undefined, payload: unknown) =>
  t.request(token, { method: 'POST', url: '/api/transactions/delete', payload: payload as object });

describe('POST /api/transactions/delete', () => {
  it('needs a token', async () => {
    const stored = await createWorldBooking(t.db, w);
    expect((await remove(undefined, [stored.id])).statusCode).toBe(401);
    expect(await findBooking(t.db, stored.id)).toBeDefined();
  });

  it('deletes a supplier’s own bookings given as ids or as bookings', async () => {
    const a = await createWorldBooking(t.db, w);
    const b = await createWorldBooking(t.db, w);
    const c = await createWorldBooking(t.db, w);
    const res = await remove(w.supplierToken, [a.id, a.id, b.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    const asBookings = await remove(w.supplierToken, [
      { id: c.id, invoiceNumber: c.invoiceNumber, selected: true },
    ]);
    expect(asBookings.json()).toEqual({ deleted: 1 });
    for (const row of [a, b, c]) expect(await findBooking(t.db, row.id)).toBeUndefined();
  });

  it('does not wait for bookings a running export holds: 409 in German, nothing deleted, no deadlock', async () => {
    const [first, second] = [await createWorldBooking(t.db, w), await createWorldBooking(t.db, w)];
    const exporting = await t.pool.connect();
    try {
      await exporting.query('begin');
      await exporting.query('select id from transactions where id = $1 for update', [second.id]);
      const deleted = remove(w.supplierToken, [first.id, second.id]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await exporting.query('select id from transactions where id = $1 for update', [first.id]);
      const res = await deleted;
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].message).toBe(BOOKING_MESSAGES.bookingsBusy);
      await exporting.query('commit');
    } finally {
      exporting.release();
    }
    expect(await findBooking(t.db, first.id)).toBeDefined();
    expect(await findBooking(t.db, second.id)).toBeDefined();
  });

  it('deletes nothing if any id is another creditor’s or unknown (404)', async () => {
    const other = await createWorld(t);
    const mine = await createWorldBooking(t.db, w);
    const foreign = await createWorldBooking(t.db, other);
    const before = await countBookings(t.db);
    for (const ids of [
      [mine.id, foreign.id],
      [mine.id, 987_654_321],
    ]) {
      const res = await remove(w.supplierToken, ids);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].message).toBe(
        'Mindestens eine der ausgewählten Buchungen wurde nicht gefunden. Es wurde nichts gelöscht.',
      );
    }
    expect(await countBookings(t.db)).toBe(before);
  });

  it('refuses a supplier deleting exported bookings (403) and deletes none of the selection', async () => {
    const open = await createWorldBooking(t.db, w);
    const exported = await createWorldBooking(t.db, w, { exportDate: new Date() });
    const res = await remove(w.supplierToken, [open.id, exported.id]);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toMatch(/bereits exportiert.*Gemeindeverband.*nichts gelöscht/);
    expect(await findBooking(t.db, open.id)).toBeDefined();
    expect(await findBooking(t.db, exported.id)).toBeDefined();
  });

  it('lets an admin delete exported bookings of any creditor', async () => {
    const other = await createWorld(t);
    const exported = await createWorldBooking(t.db, w, { exportDate: new Date() });
    const foreign = await createWorldBooking(t.db, other);
    const res = await remove(w.adminToken, [exported.id, foreign.id]);
    expect(res.json()).toEqual({ deleted: 2 });
  });

  it.each([[{}], [[]], [['1']], [[{}]], [[0]], [[1.5]], [{ ids: [1] }]])(
    'refuses the malformed body %j (400)',
    async (body) => {
      const before = await countBookings(t.db);
      const res = await remove(w.adminToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toMatch(/ungültig|ausgewählt/);
      expect(await countBookings(t.db)).toBe(before);
    },
  );

  it('says each refusal of a value once, though each form of an id refuses it', async () => {
    // 2^53 + 1: no integer JavaScript can hold, neither as an id nor as { id }.
    const res = await t.request(w.adminToken, {
      method: 'POST',
      url: '/api/transactions/delete',
      payload: '[9007199254740993]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { property: string; message: string }[];
    expect(errors.length).toBeGreaterThan(0);
    expect(new Set(errors.map((e) => JSON.stringify(e))).size).toBe(errors.length);
  });
});
