// The list's search finds bookings by an amount or an invoice date written as the list shows them
// (issue 57, item 6; bookings.search.ts): an equality on the net or the invoice date beside the text
// branches, so a term of the list's form still matches the texts it matched before.
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorld, createWorldBooking, type World } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();
let w: World;
let other: World;
beforeAll(async () => {
  w = await createWorld(t);
  other = await createWorld(t);
});

async function searchIds(token: string | undefined, searchQuery: string): Promise<number[]> {
  const res = await t.request(token, { method: 'GET', url: '/api/transactions', query: { searchQuery } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { id: number }[] }).items.map((i) => i.id).sort((a, b) => a - b);
}

describe('search by what the list shows', () => {
  it('refuses without a token', async () => {
    const res = await t.request(undefined, {
      method: 'GET',
      url: '/api/transactions',
      query: { searchQuery: '624,00' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('finds the bookings of an amount as displayed, and of its thousands form', async () => {
    const a = await createWorldBooking(t.db, w, { net: '624.00' });
    const b = await createWorldBooking(t.db, w, { net: '-624.00' });
    const big = await createWorldBooking(t.db, w, { net: '1234.56' });
    await createWorldBooking(t.db, w, { net: '624.01' });
    expect(await searchIds(w.supplierToken, '624,00')).toEqual([a.id]);
    expect(await searchIds(w.supplierToken, '-624,00')).toEqual([b.id]);
    expect(await searchIds(w.supplierToken, '1.234,56')).toEqual([big.id]);
    expect(await searchIds(w.supplierToken, '1.234,56 €')).toEqual([big.id]);
  });

  it('finds the bookings of an invoice date as displayed', async () => {
    const day = await createWorldBooking(t.db, w, { invoiceDate: '2026-11-27' });
    await createWorldBooking(t.db, w, { invoiceDate: '2026-11-28' });
    expect(await searchIds(w.supplierToken, '27.11.2026')).toEqual([day.id]);
  });

  it("does not show another creditor's bookings of that amount or date to a supplier", async () => {
    const own = await createWorldBooking(t.db, w, { net: '777.70', invoiceDate: '2026-10-13' });
    const foreign = await createWorldBooking(t.db, other, { net: '777.70', invoiceDate: '2026-10-13' });
    expect(await searchIds(w.supplierToken, '777,70')).toEqual([own.id]);
    expect(await searchIds(w.supplierToken, '13.10.2026')).toEqual([own.id]);
    expect(await searchIds(w.adminToken, '777,70')).toEqual([own.id, foreign.id]);
  });

  it('still matches the texts a term of that form is found in', async () => {
    const text = await createWorldBooking(t.db, w, {
      additionalInformation: 'Lieferschein vom 03.09.2026',
      invoiceDate: '2026-09-05',
    });
    const day = await createWorldBooking(t.db, w, { invoiceDate: '2026-09-03' });
    expect(await searchIds(w.supplierToken, '03.09.2026')).toEqual([text.id, day.id].sort((x, y) => x - y));
  });

  it('answers an impossible date or a too large amount as a text search, without an error', async () => {
    expect(await searchIds(w.supplierToken, '31.02.2026')).toEqual([]);
    expect(await searchIds(w.supplierToken, '99.999.999.999,00')).toEqual([]);
  });
});
