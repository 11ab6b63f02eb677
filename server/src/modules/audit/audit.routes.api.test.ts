// GET /api/audit: admins only, German 400 for a bad entity or id, newest first; and the tables
// themselves refuse to change or lose an entry.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { createWorld, createWorldBooking, bookingBody, type World } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import { getHistory } from './audit.test-support';

const t = useTestApp();
let w: World;
let bookingId: number;

beforeAll(async () => {
  w = await createWorld(t);
  const res = await t.request(w.supplierToken, {
    method: 'POST',
    url: '/api/transactions?checkForDuplicates=false',
    payload: bookingBody(w),
  });
  bookingId = (res.json() as { id: number }).id;
  // An export, so that the export entries' table has a row to refuse changing.
  const exported = await createWorldBooking(t.db, w);
  const exportRes = await t.request(w.adminToken, {
    method: 'GET',
    url: `/api/transactions/export-selected?format=csv&items=${exported.id}`,
  });
  if (exportRes.statusCode !== 200) throw new Error(`export answered ${exportRes.statusCode}`);
});

const get = (token: string | undefined, query: string) =>
  t.request(token, { method: 'GET', url: `/api/audit${query}` });

describe('GET /api/audit', () => {
  it('needs a token (401)', async () => {
    expect((await get(undefined, `?entity=transaction&id=${bookingId}`)).statusCode).toBe(401);
  });

  it('refuses suppliers, also for their own bookings (403)', async () => {
    const res = await get(w.supplierToken, `?entity=transaction&id=${bookingId}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      errors: [{ property: '', message: MESSAGES.forbidden }],
    });
  });

  it.each([
    ['an unknown entity', '?entity=booking&id=1', 'entity', AUDIT_MESSAGES.unknownEntity],
    ['no entity', '?id=1', 'entity', AUDIT_MESSAGES.unknownEntity],
    ['an id that is no number', '?entity=article&id=abc', 'id', AUDIT_MESSAGES.invalidId],
    ['id 0', '?entity=user&id=0', 'id', AUDIT_MESSAGES.invalidId],
    ['a negative id', '?entity=user&id=-3', 'id', AUDIT_MESSAGES.invalidId],
    ['an id beyond any integer column', '?entity=transaction&id=99999999999', 'id', AUDIT_MESSAGES.invalidId],
    ['no id', '?entity=creditor', 'id', AUDIT_MESSAGES.invalidId],
  ])('answers %s with a German 400', async (_case, query, property, message) => {
    const admin = await t.login(ADMIN_EMAIL);
    const res = await get(admin, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ property, message });
  });

  it('answers an empty history for a record that never changed', async () => {
    expect(await getHistory(t, w.adminToken, 'article', 987_654)).toEqual([]);
  });

  it('answers newest first, exactly the fields of the wire contract', async () => {
    await t.request(w.adminToken, {
      method: 'PUT',
      url: `/api/transactions/${bookingId}?checkForDuplicates=false`,
      payload: { ...bookingBody(w), invoiceNumber: 'NEUESTE', version: 1 },
    });
    const history = await getHistory(t, w.adminToken, 'booking', bookingId);
    expect(history.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(Object.keys(history[0]!).sort()).toEqual(['action', 'at', 'changes', 'userEmailAddress']);
    expect(history[0]!.userEmailAddress).toBe(ADMIN_EMAIL);
    expect(history[1]!.userEmailAddress).toBe(w.supplierEmail);
    expect(Date.parse(history[0]!.at)).toBeGreaterThanOrEqual(Date.parse(history[1]!.at));
  });
});

// Both tables of the trail: audit_entries, and the compact export entries of audit_export_entries.
describe.each(['audit_entries', 'audit_export_entries'])('the %s table', (name) => {
  const table = sql.identifier(name);
  it.each([
    ['UPDATE', sql`update ${table} set user_email_address = 'jemand@anders.example'`],
    ['DELETE', sql`delete from ${table}`],
    ['TRUNCATE', sql`truncate ${table}`],
  ])('refuses %s, even to the app’s own (superuser) connection', async (operation, statement) => {
    const before = await t.db.execute(sql`select * from ${table} order by id`);
    expect(before.rows.length).toBeGreaterThan(0);
    await expect(t.db.execute(statement)).rejects.toMatchObject({
      cause: expect.objectContaining({
        code: '42501',
        message: `audit entries are append-only: ${operation} refused`,
      }),
    });
    expect((await t.db.execute(sql`select * from ${table} order by id`)).rows).toEqual(before.rows);
  });
});
