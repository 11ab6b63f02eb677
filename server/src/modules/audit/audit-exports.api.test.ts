// Exports in a booking's history: stored compactly (audit_export_entries, one row per export statement
// and kind), they read exactly like the other entries, each by its exporter, merged newest first with
// the booking's create and update entries.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  createUser,
  createWorld,
  createWorldBooking,
  type World,
} from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import { getHistory } from './audit.test-support';

const t = useTestApp();
let w: World;
let otherAdmin: { email: string; token: string };
beforeAll(async () => {
  w = await createWorld(t);
  const user = await createUser(t.db, { isAdmin: true });
  otherAdmin = { email: user.emailAddress, token: await t.login(user.emailAddress) };
});

const exportSelected = (token: string, ids: number[]) =>
  t.request(token, {
    method: 'GET',
    url: `/api/transactions/export-selected?format=csv&${ids.map((id) => `items=${id}`).join('&')}`,
  });

async function exportDateOf(id: number): Promise<string | null> {
  const res = await t.request(w.adminToken, { method: 'GET', url: `/api/transactions/${id}` });
  return (res.json() as { exportDate: string | null }).exportDate;
}

describe('exports in the audit trail', () => {
  it('shows a booking exported twice by two admins as two entries, newest first, each by its exporter', async () => {
    const booking = await createWorldBooking(t.db, w);
    expect((await exportSelected(w.adminToken, [booking.id])).statusCode).toBe(200);
    const exportDate = await exportDateOf(booking.id);
    expect((await exportSelected(otherAdmin.token, [booking.id])).statusCode).toBe(200);

    const history = await getHistory(t, w.adminToken, 'booking', booking.id);
    expect(history).toEqual([
      { at: expect.any(String), userEmailAddress: otherAdmin.email, action: 'export', changes: {} },
      {
        at: exportDate,
        userEmailAddress: ADMIN_EMAIL,
        action: 'export',
        changes: { exportDate: { old: null, new: exportDate } },
      },
    ]);
    expect(Date.parse(history[0]!.at)).toBeGreaterThanOrEqual(Date.parse(history[1]!.at));
    expect(await exportDateOf(booking.id), 'the re-export keeps the first export date').toBe(exportDate);
  });

  it('lists create and update entries and exports of a booking in the order they happened', async () => {
    const body = bookingBody(w, { net: 10 });
    const created = await t.request(w.supplierToken, {
      method: 'POST',
      url: '/api/transactions?checkForDuplicates=false',
      payload: body,
    });
    const { id } = created.json() as { id: number };
    const update = (version: number, net: number) =>
      t.request(w.adminToken, {
        method: 'PUT',
        url: `/api/transactions/${id}?checkForDuplicates=false`,
        payload: { ...body, net, version },
      });
    expect((await update(1, 20)).json()).toMatchObject({ errors: [] });
    expect((await exportSelected(w.adminToken, [id])).statusCode).toBe(200);
    expect((await update(3, 30)).json()).toMatchObject({ errors: [] });
    expect((await exportSelected(otherAdmin.token, [id])).statusCode).toBe(200);

    const history = await getHistory(t, w.adminToken, 'booking', id);
    expect(history.map(({ action, userEmailAddress }) => [action, userEmailAddress])).toEqual([
      ['export', otherAdmin.email],
      ['update', ADMIN_EMAIL],
      ['export', ADMIN_EMAIL],
      ['update', ADMIN_EMAIL],
      ['create', w.supplierEmail],
    ]);
    expect(history[0]!.changes).toEqual({});
    expect(history[1]!.changes).toEqual({ net: { old: 20, new: 30 } });
    expect(history[2]!.changes).toEqual({ exportDate: { old: null, new: history[2]!.at } });
    const times = history.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('records one export of new and already exported bookings in two rows, each booking answered alone', async () => {
    const [exported, ...open] = await Promise.all([1, 2, 3].map(() => createWorldBooking(t.db, w)));
    expect((await exportSelected(w.adminToken, [exported!.id])).statusCode).toBe(200);
    const ids = [exported!.id, ...open.map((booking) => booking.id)];
    expect((await exportSelected(otherAdmin.token, ids)).statusCode).toBe(200);

    const { rows } = await t.db.execute<{ firstExport: boolean; ids: number[] }>(
      sql`select e.first_export as "firstExport", e.transaction_ids as ids from audit_export_entries e
        where e.user_email_address = ${otherAdmin.email} and e.transaction_ids && ${sql.param(ids)}::int[]
        order by e.first_export`,
    );
    expect(rows.map((row) => ({ ...row, ids: [...row.ids].sort((a, b) => a - b) }))).toEqual([
      { firstExport: false, ids: [exported!.id] },
      { firstExport: true, ids: open.map((booking) => booking.id).sort((a, b) => a - b) },
    ]);
    for (const booking of open) {
      const [entry, ...rest] = await getHistory(t, w.adminToken, 'booking', booking.id);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ action: 'export', userEmailAddress: otherAdmin.email });
      expect(entry!.changes).toEqual({ exportDate: { old: null, new: entry!.at } });
    }
    const history = await getHistory(t, w.adminToken, 'booking', exported!.id);
    expect(history.map((entry) => entry.changes)).toEqual([{}, { exportDate: expect.any(Object) }]);
  });

  it('still shows an export recorded per booking before the compact table, below the later ones', async () => {
    const booking = await createWorldBooking(t.db, w, { exportDate: new Date('2026-02-01T09:00:00Z') });
    // What an export wrote before migration 0018: one audit_entries row for the booking.
    await t.db
      .execute(sql`insert into audit_entries (at, user_email_address, entity, entity_key, action, changes)
      values ('2026-02-01T09:00:00Z', 'frueher@test.example', 'booking', ${booking.id}, 'export',
        '{"exportDate": {"old": null, "new": "2026-02-01T09:00:00.000Z"}}'::jsonb)`);
    expect((await exportSelected(otherAdmin.token, [booking.id])).statusCode).toBe(200);

    const history = await getHistory(t, w.adminToken, 'booking', booking.id);
    expect(history).toEqual([
      { at: expect.any(String), userEmailAddress: otherAdmin.email, action: 'export', changes: {} },
      {
        at: '2026-02-01T09:00:00.000Z',
        userEmailAddress: 'frueher@test.example',
        action: 'export',
        changes: { exportDate: { old: null, new: '2026-02-01T09:00:00.000Z' } },
      },
    ]);
  });

  it('finds a booking in export rows by their span of ids, at its ends and in rows written before, unsorted', async () => {
    const bookings = await Promise.all([1, 2, 3, 4, 5].map(() => createWorldBooking(t.db, w)));
    const [a, b, c, d, e] = bookings.map((booking) => booking.id).sort((x, y) => x - y) as number[];
    const { rows } = await t.db.execute<{ id: number }>(
      sql`insert into export_batches (created_by, count, net_sum, file_name, file)
        values ('frueher@test.example', 3, 0, 'Buchungen.csv', ''::bytea) returning id`,
    );
    // A row as exports wrote them before decision 0033 (in the file's order), and one as they do now.
    await t.db.execute(sql`insert into audit_export_entries
      (user_email_address, export_batch_id, first_export, transaction_ids)
      values ('frueher@test.example', ${rows[0]!.id}, false, ${`{${e},${a},${c}}`}::int[]),
        ('frueher@test.example', ${rows[0]!.id}, false, ${`{${b},${d}}`}::int[])`);

    for (const id of [a!, b!, c!, d!, e!]) {
      const history = await getHistory(t, w.adminToken, 'booking', id);
      expect(
        history.filter((entry) => entry.userEmailAddress === 'frueher@test.example'),
        `booking ${id}`,
      ).toHaveLength(1);
    }
  });
});
