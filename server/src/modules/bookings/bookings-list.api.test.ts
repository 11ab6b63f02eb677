import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SORT_KEYS } from '@lp/domain/booking-list-query';
import { isoDayToWire } from '@lp/domain/dates';
import {
  createArticle,
  createCreditor,
  createDebitor,
  createWorld,
  createWorldBooking,
  type World,
  worldBookingRow,
} from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { creditors } from '../../db/schema';
import { insertBookings } from './bookings.repository';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

interface Page {
  items: { id: number; net: number; invoiceNumber: string; creditor: { name: string } }[];
  total: number;
  netSum: number;
}

async function list(token: string, query: Record<string, string | number | boolean> = {}): Promise<Page> {
  const res = await t.request(token, { method: 'GET', url: '/api/transactions', query: stringify(query) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const stringify = (query: Record<string, string | number | boolean>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
const ids = (page: Page) => page.items.map((i) => i.id);

describe('GET /api/transactions', () => {
  it('needs a token', async () => {
    expect((await t.request(undefined, { method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
  });

  it('shows a supplier only its own creditor’s bookings, in every count and sum', async () => {
    const mine = await createWorld(t);
    const other = await createWorld(t);
    const a = await createWorldBooking(t.db, mine, { net: '10.25' });
    const b = await createWorldBooking(t.db, mine, { net: '-2.00' });
    await createWorldBooking(t.db, other, { net: '1000.00' });
    const page = await list(mine.supplierToken);
    expect(ids(page).sort()).toEqual([a.id, b.id].sort());
    expect(page.total).toBe(2);
    expect(page.netSum).toBe(8.25);
    // Filtering by another creditor does not widen the view.
    expect(await list(mine.supplierToken, { creditor: other.creditorNumber })).toEqual({
      items: [],
      total: 0,
      netSum: 0,
    });
    // The admin sees both.
    expect((await list(mine.adminToken, { creditor: other.creditorNumber })).total).toBe(1);
  });

  it('answers the display fields of every booking', async () => {
    const world = await createWorld(t);
    const stored = await createWorldBooking(t.db, world, { additionalInformation: 'Hinweis', net: '12.30' });
    const [item] = (await list(world.supplierToken)).items;
    expect(item).toEqual({
      id: stored.id,
      invoiceDate: isoDayToWire(stored.invoiceDate),
      invoiceNumber: stored.invoiceNumber,
      net: 12.3,
      debitorId: world.debitorNumber,
      deliveryLocation: 'Lager',
      articleId: world.articleNumber,
      additionalInformation: 'Hinweis',
      creditorId: world.creditorNumber,
      debitor: { number: world.debitorNumber, name: world.debitorName },
      article: { number: world.articleNumber, name: world.articleName },
      creditor: { number: world.creditorNumber, name: world.creditorName },
      exportDate: null,
      creationDate: stored.creationDate.toISOString(),
      creationUserEmailAddress: world.supplierEmail,
      version: 1,
      uploadBatchId: null,
    });
  });

  it('pages by 50 from page 1, sums the whole filter and not the page', async () => {
    const world = await createWorld(t);
    const rows = Array.from({ length: 120 }, (_, i) =>
      worldBookingRow(world, { invoiceNumber: `P-${i}`, net: i % 2 === 0 ? '1.10' : '-0.05' }),
    );
    const inserted = await insertBookings(t.db, rows);
    const query = { creditor: world.creditorNumber, sorting: 'invoice_number' };
    const pages = [
      await list(w.adminToken, query),
      await list(w.adminToken, { ...query, page: 2 }),
      await list(w.adminToken, { ...query, page: 3 }),
    ];
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 20]);
    expect(pages.every((p) => p.total === 120 && p.netSum === 63)).toBe(true);
    expect(new Set(pages.flatMap(ids))).toEqual(new Set(inserted));
    expect((await list(w.adminToken, { ...query, page: 4 })).items).toEqual([]);
    expect((await list(w.adminToken, query)).items[0]?.invoiceNumber).toBe('P-0');
    for (const page of ['0', '-1', 'x', '1.5']) {
      expect(
        (await t.request(w.adminToken, { method: 'GET', url: `/api/transactions?page=${page}` })).statusCode,
      ).toBe(400);
    }
  });

  describe('sorting', () => {
    const marker = 'SORTTEST';
    const expected: number[] = [];
    beforeAll(async () => {
      // Three bookings whose every sortable value rises from the first to the third.
      for (const n of [1, 2, 3]) {
        const letter = 'ABC'[n - 1]!;
        const creditor = await createCreditor(t.db, { name: `${letter} Kreditor` });
        const debitor = await createDebitor(t.db, { name: `${letter} Debitor` });
        const article = await createArticle(t.db, { name: `${letter} Artikel` });
        const row = await createWorldBooking(t.db, w, {
          invoiceDate: `2024-0${n}-15`,
          invoiceNumber: `${letter}-${marker}`,
          net: `${n}.00`,
          debitorNumber: debitor.number,
          deliveryLocation: `${letter} Lieferort`,
          articleNumber: article.number,
          creditorNumber: creditor.number,
          exportDate: n === 1 ? null : new Date(`2025-0${n}-01T08:00:00.000Z`),
          creationDate: new Date(`2025-0${n}-02T08:00:00.000Z`),
          creationUserEmailAddress: `${letter.toLowerCase()}@sort.example`,
        });
        expected.push(row.id);
      }
    });

    it.each(SORT_KEYS.map((key) => [key]))('sorts by %s ascending and descending', async (key) => {
      expect(ids(await list(w.adminToken, { searchQuery: marker, sorting: key }))).toEqual(expected);
      expect(ids(await list(w.adminToken, { searchQuery: marker, sorting: `${key}_desc` }))).toEqual(
        [...expected].reverse(),
      );
    });

    it('sorts by creation date, newest first, by default', async () => {
      expect(ids(await list(w.adminToken, { searchQuery: marker }))).toEqual([...expected].reverse());
    });

    it('breaks ties by id, in the direction of the sort', async () => {
      const world = await createWorld(t);
      const same = { net: '5.00', invoiceDate: '2024-05-05' };
      const a = await createWorldBooking(t.db, world, same);
      const b = await createWorldBooking(t.db, world, same);
      const c = await createWorldBooking(t.db, world, same);
      const query = { creditor: world.creditorNumber };
      expect(ids(await list(w.adminToken, { ...query, sorting: 'net' }))).toEqual([a.id, b.id, c.id]);
      expect(ids(await list(w.adminToken, { ...query, sorting: 'invoice_date_desc' }))).toEqual([
        c.id,
        b.id,
        a.id,
      ]);
    });

    it('lists one creditor’s bookings by creditor name in id order, also right after a rename', async () => {
      const world = await createWorld(t);
      const stored = [
        await createWorldBooking(t.db, world, { net: '3.00' }),
        await createWorldBooking(t.db, world, { net: '1.00' }),
        await createWorldBooking(t.db, world, { net: '2.00' }),
      ].map((b) => b.id);
      await t.db
        .update(creditors)
        .set({ name: 'Umbenannt GmbH' })
        .where(eq(creditors.number, world.creditorNumber));
      for (const [token, query] of [
        [world.supplierToken, {}],
        [w.adminToken, { creditor: world.creditorNumber }],
      ] as const) {
        const ascending = await list(token, { ...query, sorting: 'creditor_name' });
        expect(ids(ascending)).toEqual(stored);
        expect(new Set(ascending.items.map((i) => i.creditor.name))).toEqual(new Set(['Umbenannt GmbH']));
        expect(ids(await list(token, { ...query, sorting: 'creditor_name_desc' }))).toEqual(
          [...stored].reverse(),
        );
      }
    });

    it.each(['price', 'net_DESC', 'net_asc', 'id', 'net;drop table transactions'])(
      'refuses the unknown sort key %j (400)',
      async (sorting) => {
        const res = await t.request(w.adminToken, {
          method: 'GET',
          url: '/api/transactions',
          query: { sorting },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].message).toBe('Unbekannte Sortierung.');
      },
    );
  });

  describe('filters', () => {
    let world: World;
    let early: number, middle: number, late: number;
    beforeAll(async () => {
      world = await createWorld(t);
      early = (await createWorldBooking(t.db, world, { invoiceDate: '2025-01-10' })).id;
      middle = (await createWorldBooking(t.db, world, { invoiceDate: '2025-02-10', exportDate: new Date() }))
        .id;
      late = (await createWorldBooking(t.db, world, { invoiceDate: '2025-03-10' })).id;
    });
    const sorted = (page: Page) => ids(page).sort((x, y) => x - y);

    it('filters by invoice date, both ends inclusive, ISO day or wire form', async () => {
      const base = { creditor: world.creditorNumber };
      expect(
        sorted(await list(world.supplierToken, { ...base, invoiceDateFrom: '2025-02-10T00:00:00.000Z' })),
      ).toEqual([middle, late]);
      expect(sorted(await list(world.supplierToken, { ...base, invoiceDateUntil: '2025-02-10' }))).toEqual([
        early,
        middle,
      ]);
      expect(
        sorted(
          await list(world.supplierToken, {
            ...base,
            invoiceDateFrom: '2025-02-01',
            invoiceDateUntil: '2025-02-28',
          }),
        ),
      ).toEqual([middle]);
      expect(
        sorted(await list(world.supplierToken, { ...base, invoiceDateFrom: '', invoiceDateUntil: '' })),
      ).toEqual([early, middle, late]);
    });

    it('filters by export status; both boxes mean both states', async () => {
      expect(sorted(await list(world.supplierToken, { exportedOnly: true }))).toEqual([middle]);
      expect(sorted(await list(world.supplierToken, { notExportedOnly: true }))).toEqual([early, late]);
      expect(
        sorted(await list(world.supplierToken, { exportedOnly: true, notExportedOnly: true })),
      ).toHaveLength(3);
      expect(
        sorted(await list(world.supplierToken, { exportedOnly: false, notExportedOnly: false })),
      ).toHaveLength(3);
    });

    it('filters by article, debitor and creditor; ids of 0 or -1 do not filter', async () => {
      const article = await createArticle(t.db);
      const debitor = await createDebitor(t.db);
      const byArticle = await createWorldBooking(t.db, world, { articleNumber: article.number });
      const byDebitor = await createWorldBooking(t.db, world, { debitorNumber: debitor.number });
      expect(ids(await list(world.adminToken, { article: article.number }))).toEqual([byArticle.id]);
      expect(ids(await list(world.adminToken, { debitor: debitor.number }))).toEqual([byDebitor.id]);
      expect((await list(world.adminToken, { creditor: world.creditorNumber })).total).toBe(5);
      expect((await list(world.supplierToken, { article: -1, debitor: 0, creditor: -1 })).total).toBe(5);
    });

    it.each([
      ['invoiceDateFrom=31.02.2025'],
      ['invoiceDateUntil=gestern'],
      ['article=abc'],
      ['exportedOnly=yes'],
      ['searchQuery=' + 'x'.repeat(201)],
      ['page=1&page=2'],
    ])('refuses the malformed filter %s (400)', async (query) => {
      const res = await t.request(w.adminToken, { method: 'GET', url: `/api/transactions?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toMatch(/ungültig|Datum|Format|Maximal 200 Zeichen/);
    });
  });

  describe('search', () => {
    let world: World;
    let booking: number;
    let debitorNumber: number;
    beforeAll(async () => {
      world = await createWorld(t);
      const debitor = await createDebitor(t.db, { name: 'Kita Sonnenschein Quxdorf' });
      const article = await createArticle(t.db, { name: 'Recyclingpapier Zyxwert A4' });
      const creditor = await createCreditor(t.db, { name: 'Papierwerk Vlorbach AG', number: 8_765_431 });
      debitorNumber = debitor.number;
      booking = (
        await createWorldBooking(t.db, world, {
          invoiceNumber: 'RE-2025-Flimp',
          deliveryLocation: 'Bauhof Grubbelweg 5',
          additionalInformation: 'Lieferung 100% an Tor_2',
          debitorNumber: debitor.number,
          articleNumber: article.number,
          creditorNumber: creditor.number,
        })
      ).id;
      await createWorldBooking(t.db, world, { additionalInformation: 'Lieferung 1000 an Tor 22' });
    });

    it.each([
      ['the invoice number', 're-2025-FLIMP'],
      ['the delivery location', 'grubbelweg'],
      ['the additional information', '100% AN TOR_2'],
      ['the debitor name', 'sonnenschein quxdorf'],
      ['the article name', 'zyxwert'],
      ['the creditor name', 'VLORBACH'],
      ['the creditor number', '8765431'],
    ])('finds a booking by %s, case-insensitively', async (_what, searchQuery) => {
      expect(ids(await list(w.adminToken, { searchQuery }))).toEqual([booking]);
    });

    it("finds umlauts in master data, locations and the booking's own texts whatever their case", async () => {
      const debitor = await createDebitor(t.db, { name: 'Grundschule Übersee-Äckerle' });
      const article = await createArticle(t.db, { name: 'Ökostrom Tarif Grün' });
      const umlauts = (
        await createWorldBooking(t.db, world, {
          debitorNumber: debitor.number,
          articleNumber: article.number,
          deliveryLocation: 'Hausmeisterei Öde',
          invoiceNumber: 'RÄ-Öko-17',
          additionalInformation: 'Anlieferung über Südtor',
        })
      ).id;
      for (const searchQuery of [
        'ÜBERSEE-ÄCKERLE',
        'übersee-äckerle',
        'ökostrom tarif GRÜN',
        'hausmeisterei öDE',
        'rä-öko-17',
        'ANLIEFERUNG ÜBER SÜDTOR',
      ]) {
        expect(ids(await list(w.adminToken, { searchQuery })), searchQuery).toEqual([umlauts]);
        // One creditor's list tests the search in the creditor's covering index (migration 0036).
        expect(ids(await list(world.supplierToken, { searchQuery })), searchQuery).toEqual([umlauts]);
      }
    });

    it('finds by the debitor number', async () => {
      expect(
        ids(await list(w.adminToken, { searchQuery: String(debitorNumber), creditor: 8_765_431 })),
      ).toEqual([booking]);
    });

    it('takes LIKE wildcards in the query literally', async () => {
      expect(ids(await list(w.adminToken, { searchQuery: '100%' }))).toEqual([booking]);
      expect(ids(await list(w.adminToken, { searchQuery: 'Tor_2' }))).toEqual([booking]);
      expect((await list(w.adminToken, { searchQuery: '%' })).total).toBe(1);
      expect((await list(w.adminToken, { searchQuery: '\\' })).total).toBe(0);
    });

    it('lists all of a creditor’s bookings for a part of its name, and only those', async () => {
      const supplier = await createWorld(t);
      const own = [await createWorldBooking(t.db, supplier), await createWorldBooking(t.db, supplier)];
      await createWorldBooking(t.db, w);
      const part = supplier.creditorName.slice(2, -2);
      const expected = own.map((b) => b.id).sort((a, b) => b - a);
      const mine = await list(supplier.supplierToken, { searchQuery: part });
      expect({ ids: ids(mine), total: mine.total, netSum: mine.netSum }).toEqual({
        ids: expected,
        total: 2,
        netSum: own.reduce((sum, b) => sum + Number(b.net), 0),
      });
      const filtered = await list(w.adminToken, { searchQuery: part, creditor: supplier.creditorNumber });
      expect(ids(filtered)).toEqual(expected);
      // The supplier's other words still restrict its own bookings.
      expect((await list(supplier.supplierToken, { searchQuery: `${part}-nirgends` })).total).toBe(0);
    });

    it('keeps a supplier’s search within its own bookings', async () => {
      expect((await list(world.supplierToken, { searchQuery: 'Vlorbach' })).total).toBe(0);
    });
  });
});

describe('GET /api/transactions/{id}', () => {
  it('needs a token', async () => {
    const stored = await createWorldBooking(t.db, w);
    expect(
      (await t.request(undefined, { method: 'GET', url: `/api/transactions/${stored.id}` })).statusCode,
    ).toBe(401);
  });

  it('answers the booking to its supplier and to admins', async () => {
    const stored = await createWorldBooking(t.db, w);
    for (const token of [w.supplierToken, w.adminToken]) {
      const res = await t.request(token, { method: 'GET', url: `/api/transactions/${stored.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: stored.id, invoiceNumber: stored.invoiceNumber, version: 1 });
    }
  });

  it('hides another creditor’s booking (404), 404 for ids no record can have, 400 for malformed ones', async () => {
    const other = await createWorld(t);
    const foreign = await createWorldBooking(t.db, other);
    const res = await t.request(w.supplierToken, { method: 'GET', url: `/api/transactions/${foreign.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe('Der Datensatz wurde nicht gefunden.');
    expect(
      (await t.request(w.adminToken, { method: 'GET', url: '/api/transactions/987654321' })).statusCode,
    ).toBe(404);
    expect((await t.request(w.adminToken, { method: 'GET', url: '/api/transactions/abc' })).statusCode).toBe(
      400,
    );
    // Beyond the id column's range: not found like any missing record (http/id-param.ts).
    expect(
      (await t.request(w.adminToken, { method: 'GET', url: '/api/transactions/99999999999' })).statusCode,
    ).toBe(404);
  });
});
