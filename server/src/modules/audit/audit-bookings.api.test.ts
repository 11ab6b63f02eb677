// The audit trail of bookings: every create, update, delete, export and upload is recorded in the
// transaction of the change, with the wire's field names; a change that fails records nothing.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoDayToWire } from '@lp/domain/dates';
import { bookingBody, createWorld, createWorldBooking, daysAgo, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { csvFile, csvUpload, HEADER, multipart } from '../upload/upload-test-support';
import { countEntries, expectRecent, getHistory } from './audit.test-support';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

const post = (token: string, body: object) =>
  t.request(token, { method: 'POST', url: '/api/transactions?checkForDuplicates=false', payload: body });
const put = (token: string, id: number, body: object) =>
  t.request(token, { method: 'PUT', url: `/api/transactions/${id}?checkForDuplicates=false`, payload: body });
const remove = (token: string, ids: number[]) =>
  t.request(token, { method: 'POST', url: '/api/transactions/delete', payload: ids });
const exportSelected = (ids: number[]) =>
  t.request(w.adminToken, {
    method: 'GET',
    url: `/api/transactions/export-selected?format=csv&${ids.map((id) => `items=${id}`).join('&')}`,
  });

describe('bookings in the audit trail', () => {
  it('records a create with every value as new, by the supplier who saved it', async () => {
    const body = bookingBody(w, { invoiceDate: isoDayToWire('2026-01-05'), net: 1234.5 });
    const { id } = (await post(w.supplierToken, body)).json() as { id: number };
    const [entry, ...rest] = await getHistory(t, w.adminToken, 'booking', id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ userEmailAddress: w.supplierEmail, action: 'create' });
    expectRecent(entry!.at);
    expect(entry!.changes).toEqual({
      invoiceDate: { old: null, new: '2026-01-05T00:00:00.000Z' },
      invoiceNumber: { old: null, new: body.invoiceNumber },
      net: { old: null, new: 1234.5 },
      debitorId: { old: null, new: w.debitorNumber },
      deliveryLocation: { old: null, new: body.deliveryLocation },
      articleId: { old: null, new: w.articleNumber },
      additionalInformation: { old: null, new: body.additionalInformation },
      creditorId: { old: null, new: w.creditorNumber },
    });
  });

  it('records an update with only the fields that changed', async () => {
    const stored = await createWorldBooking(t.db, w, { net: '100.00', additionalInformation: null });
    const body = {
      ...bookingBody(w),
      invoiceDate: isoDayToWire(stored.invoiceDate),
      invoiceNumber: stored.invoiceNumber,
      deliveryLocation: stored.deliveryLocation,
      net: 99.95,
      additionalInformation: 'Nachlieferung',
      version: stored.version,
    };
    expect((await put(w.adminToken, stored.id, body)).json()).toEqual({
      id: stored.id,
      errors: [],
      warnings: [],
    });
    const [entry] = await getHistory(t, w.adminToken, 'booking', stored.id);
    expect(entry).toMatchObject({ action: 'update', userEmailAddress: 'admin@test.example' });
    expect(entry!.changes).toEqual({
      net: { old: 100, new: 99.95 },
      additionalInformation: { old: null, new: 'Nachlieferung' },
    });
  });

  it('records a delete with the last values as old values, kept after the booking is gone', async () => {
    const stored = await createWorldBooking(t.db, w, { invoiceNumber: 'WEG-1' });
    expect((await remove(w.supplierToken, [stored.id])).json()).toEqual({ deleted: 1 });
    const [entry] = await getHistory(t, w.adminToken, 'booking', stored.id);
    expect(entry).toMatchObject({ action: 'delete', userEmailAddress: w.supplierEmail });
    expect(entry!.changes).toMatchObject({
      invoiceNumber: { old: 'WEG-1', new: null },
      net: { old: 100, new: null },
      creditorId: { old: w.creditorNumber, new: null },
    });
  });

  it('records an export per booking: the export date of the first, none on a re-export', async () => {
    const first = await createWorldBooking(t.db, w);
    const second = await createWorldBooking(t.db, w);
    expect((await exportSelected([first.id, second.id])).statusCode).toBe(200);
    expect((await exportSelected([first.id])).statusCode).toBe(200);

    const history = await getHistory(t, w.adminToken, 'booking', first.id);
    expect(history.map((e) => e.action)).toEqual(['export', 'export']);
    const [again, initial] = history;
    expect(again!.changes).toEqual({});
    expect(initial!.changes).toEqual({ exportDate: { old: null, new: initial!.at } });
    expect(initial!.userEmailAddress).toBe('admin@test.example');
    expect(await getHistory(t, w.adminToken, 'booking', second.id)).toHaveLength(1);
  });

  it('records an upload: one create per stored booking, by the uploader', async () => {
    const rows = ['UP-AUD-1', 'UP-AUD-2', 'UP-AUD-3'].map((number) => [
      '02.03.2026',
      number,
      w.debitorNumber,
      'Lager',
      w.articleNumber,
      '10,50',
      '',
      w.creditorNumber,
    ]);
    const res = await t.request(w.supplierToken, csvUpload(rows));
    expect(res.json()).toMatchObject({ errors: [], count: 3 });
    const list = await t.request(w.adminToken, {
      method: 'GET',
      url: '/api/transactions?searchQuery=UP-AUD-',
    });
    const ids = (list.json() as { items: { id: number }[] }).items.map((b) => b.id);
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      const [entry, ...rest] = await getHistory(t, w.adminToken, 'booking', id);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ action: 'create', userEmailAddress: w.supplierEmail });
      expect(entry!.changes).toMatchObject({
        invoiceDate: { old: null, new: '2026-03-02T00:00:00.000Z' },
        net: { old: null, new: 10.5 },
      });
    }
  });
});

describe('a change that fails records nothing', () => {
  it('a save refused with errors', async () => {
    const stored = await createWorldBooking(t.db, w);
    const res = await put(w.adminToken, stored.id, {
      ...bookingBody(w, { net: 0 }),
      version: stored.version,
    });
    expect(res.json().errors.length).toBeGreaterThan(0);
    expect(await countEntries(t, 'booking', [stored.id])).toBe(0);
  });

  it('an update of an outdated version (409)', async () => {
    const stored = await createWorldBooking(t.db, w);
    const res = await put(w.adminToken, stored.id, { ...bookingBody(w), version: stored.version + 1 });
    expect(res.statusCode).toBe(409);
    expect(await countEntries(t, 'booking', [stored.id])).toBe(0);
  });

  it('a delete of a selection with a locked booking: neither is recorded', async () => {
    const open = await createWorldBooking(t.db, w);
    const exported = await createWorldBooking(t.db, w, { exportDate: new Date() });
    expect((await remove(w.supplierToken, [open.id, exported.id])).statusCode).toBe(403);
    expect(await countEntries(t, 'booking', [open.id, exported.id])).toBe(0);
  });

  it('two empty reports for one month at once: one is stored, one entry', async () => {
    const month = isoDayToWire(`${daysAgo(40).slice(0, 7)}-01`);
    const emptyReport = { ...bookingBody(w), invoiceDate: month, articleId: 999, debitorId: 999999, net: 0 };
    const bodies = [emptyReport, emptyReport];
    const answers = await Promise.all(bodies.map((body) => post(w.supplierToken, body)));
    const ids = answers.map((res) => (res.json() as { id?: number }).id).filter((id) => id !== undefined);
    expect(ids).toHaveLength(1);
    const { rows } = await t.db.execute<{ n: number }>(
      sqlCountEmptyReportEntries(w.creditorNumber, month.slice(0, 10)),
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('an upload with an error stores no booking and no entry', async () => {
    const before = await countAllBookingEntries();
    const res = await t.request(w.supplierToken, {
      method: 'POST',
      url: '/api/upload?checkForDuplicates=false',
      ...multipart([
        {
          filename: 'buchungen.csv',
          content: csvFile([
            HEADER,
            [
              '02.03.2026',
              'UP-FEHLER-1',
              w.debitorNumber,
              'Lager',
              w.articleNumber,
              '10,50',
              '',
              w.creditorNumber,
            ],
            [
              '02.03.2026',
              'UP-FEHLER-2',
              w.debitorNumber,
              'Lager',
              w.articleNumber,
              'abc',
              '',
              w.creditorNumber,
            ],
          ]),
        },
      ]),
    });
    expect(res.json().count).toBe(0);
    expect(await countAllBookingEntries()).toBe(before);
  });
});

/** The create entries of the creditor's empty reports for the month. */
function sqlCountEmptyReportEntries(creditorNumber: number, month: string) {
  return sql`select count(*)::int as n from audit_entries a
    where a.entity = 'booking' and a.action = 'create'
      and a.changes -> 'creditorId' ->> 'new' = ${String(creditorNumber)}
      and a.changes -> 'articleId' ->> 'new' = '999'
      and a.changes -> 'invoiceDate' ->> 'new' = ${`${month}T00:00:00.000Z`}`;
}

async function countAllBookingEntries(): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_entries where entity = 'booking'`,
  );
  return rows[0]!.n;
}
