// The list's search matches delivery locations through their own table (delivery_locations, migration
// 0021; bookings.search.ts): every way a booking gets a location (save, edit, upload, a plain INSERT)
// must make it findable at once, writers must not wait for each other there, and a term matching
// more locations than the search puts into one array must still find exactly the same bookings.
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, createWorld, createWorldBooking, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { csvUpload } from '../upload/upload-test-support';
import { LOCATIONS_LIMIT } from './bookings.search';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

interface Page {
  items: { id: number; deliveryLocation: string }[];
  total: number;
  netSum: number;
}

async function search(token: string, searchQuery: string): Promise<Page> {
  const res = await t.request(token, { method: 'GET', url: '/api/transactions', query: { searchQuery } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (page: Page) => page.items.map((i) => i.id).sort((a, b) => a - b);

describe('search by delivery location', () => {
  it('finds a booking by the location it was saved with, and by its new one after an edit only', async () => {
    const body = bookingBody(w, { deliveryLocation: 'Grundschule Quendelweg 3' });
    const saved = await t.request(w.supplierToken, {
      method: 'POST',
      url: '/api/transactions',
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id } = saved.json() as { id: number };
    expect(ids(await search(w.supplierToken, 'QUENDELWEG'))).toEqual([id]);

    const edited = await t.request(w.supplierToken, {
      method: 'PUT',
      url: `/api/transactions/${id}`,
      payload: { ...body, deliveryLocation: 'Turnhalle Wirbelgasse', version: 1 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ errors: [] });
    expect(ids(await search(w.supplierToken, 'wirbelgasse'))).toEqual([id]);
    // The old location is still known to the search, but no booking has it any more.
    expect(await search(w.supplierToken, 'quendelweg')).toEqual({ items: [], total: 0, netSum: 0 });
  });

  it('finds the bookings of an upload by their new locations, with their count and net sum', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [
      '03.02.2026',
      `LOC-UP-${i}`,
      String(w.debitorNumber),
      i % 3 === 0 ? 'Mensa Pflaumenhof' : `Depot Ost ${i}`,
      String(w.articleNumber),
      '10,50',
      '',
      String(w.creditorNumber),
    ]);
    const uploaded = await t.request(w.supplierToken, csvUpload(rows));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const found = await search(w.supplierToken, 'pflaumenhof');
    expect({ total: found.total, netSum: found.netSum }).toEqual({ total: 4, netSum: 42 });
    expect(new Set(found.items.map((i) => i.deliveryLocation))).toEqual(new Set(['Mensa Pflaumenhof']));
    expect((await search(w.supplierToken, 'depot ost')).total).toBe(8);
  });

  it('keeps a supplier from finding another creditor’s bookings through a shared location', async () => {
    const other = await createWorld(t);
    const theirs = await createWorldBooking(t.db, other, { deliveryLocation: 'Klärwerk Sumpfauen' });
    expect(await search(w.supplierToken, 'Sumpfauen')).toEqual({ items: [], total: 0, netSum: 0 });
    expect(ids(await search(other.supplierToken, 'Sumpfauen'))).toEqual([theirs.id]);
    expect(ids(await search(w.adminToken, 'Sumpfauen'))).toEqual([theirs.id]);
  });

  it('lets two writers bring the same new locations in opposite orders without waiting for each other', async () => {
    // Two creditors: writers of one creditor and month queue on its month total (issue 11) anyway.
    const [one, two] = [await createWorld(t), await createWorld(t)];
    const a = await t.pool.connect();
    const b = await t.pool.connect();
    const insert = (client: typeof a, world: World, location: string, invoiceNumber: string) =>
      client.query(
        `insert into transactions (invoice_date, invoice_number, debitor_number, delivery_location, article_number,
                                   net, creditor_number, creation_user_email_address)
         values (current_date, $1, $2, $3, $4, 1, $5, 'test@example.org')`,
        [invoiceNumber, world.debitorNumber, location, world.articleNumber, world.creditorNumber],
      );
    try {
      for (const client of [a, b]) await client.query(`begin; set local lock_timeout = '2s'`);
      await insert(a, one, 'Hafen Möwenkai', 'PAR-A1');
      await insert(b, two, 'Bahnhof Krähenfeld', 'PAR-B1');
      // With a unique key on the location, each of these would wait for the other's transaction.
      await insert(a, one, 'Bahnhof Krähenfeld', 'PAR-A2');
      await insert(b, two, 'Hafen Möwenkai', 'PAR-B2');
      await a.query('commit');
      await b.query('commit');
    } finally {
      for (const client of [a, b]) {
        await client.query('rollback'); // a warning only after the commit
        client.release();
      }
    }
    expect((await search(w.adminToken, 'möwenkai')).total).toBe(2);
    expect((await search(w.adminToken, 'krähenfeld')).total).toBe(2);
    expect((await search(one.supplierToken, 'möwenkai')).total).toBe(1);
  });

  it(`finds the same bookings when more than ${LOCATIONS_LIMIT} locations match the term`, async () => {
    const booking = await createWorldBooking(t.db, w, {
      deliveryLocation: 'Außenstelle Zwiebelturm 77',
      invoiceDate: '2026-01-15',
    });
    const before = await search(w.adminToken, 'zwiebelturm');
    expect(ids(before)).toEqual([booking.id]);
    // Locations of bookings deleted long ago, all matching the term.
    await t.pool.query(
      `insert into delivery_locations (location) select 'Zwiebelturm Lager ' || n from generate_series(1, $1) n`,
      [LOCATIONS_LIMIT],
    );
    try {
      expect(await search(w.adminToken, 'zwiebelturm')).toEqual(before);
      expect(await search(w.supplierToken, 'ZWIEBELTURM')).toEqual(before);
    } finally {
      await t.pool.query(`delete from delivery_locations where location like 'Zwiebelturm Lager %'`);
    }
  });

  it('holds every location of the bookings, as delivery_locations_rebuild() computes it again', async () => {
    const distinct = async () =>
      (
        await t.pool.query<{ location: string }>(
          'select location from delivery_locations group by location order by location collate "C"',
        )
      ).rows.map((r) => r.location);
    const kept = await distinct();
    const { rows } = await t.pool.query<{ location: string }>(
      'select delivery_location as location from transactions group by 1 order by delivery_location collate "C"',
    );
    // Kept: every booking's location (and locations of bookings edited away, which the rebuild drops).
    expect(kept).toEqual(expect.arrayContaining(rows.map((r) => r.location)));
    await t.pool.query('select delivery_locations_rebuild()');
    expect(await distinct()).toEqual(rows.map((r) => r.location));
  });
});
