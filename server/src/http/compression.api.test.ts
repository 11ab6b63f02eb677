import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { createWorld, createWorldBooking, bookingBody, type World } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();
let w: World;
let bookingId: number;
beforeAll(async () => {
  w = await createWorld(t);
  // A page of 40 bookings: ~20 kB of JSON, well above the threshold.
  for (let i = 0; i < 40; i++) bookingId = (await createWorldBooking(t.db, w)).id;
});

const LIST = '/api/transactions?page=1&sorting=creation_date_desc';

const get = (url: string, acceptEncoding?: string) =>
  t.request(w.supplierToken, {
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compressed answers', () => {
  it('sends a list page brotli- or gzip-compressed as accepted, the same JSON once decoded', async () => {
    const plain = await get(LIST);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ total: number }>().total).toBe(40);

    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', decode: zlib.brotliDecompressSync },
      { accept: 'gzip, deflate', encoding: 'gzip', decode: zlib.gunzipSync },
    ];
    for (const { accept, encoding, decode } of cases) {
      const res = await get(LIST, accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
      // What a browser saves in transfer: a tenth or less of the page.
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 5);
      expect(JSON.parse(decode(res.rawPayload).toString()), accept).toEqual(plain.json());
    }
  });

  it('sends a small answer as it is', async () => {
    const res = await get(`/api/transactions/${bookingId}`, 'gzip, br');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<{ id: number }>().id).toBe(bookingId);
  });

  it('sends the bookings export as its own gzip stream, not compressed a second time', async () => {
    const res = await t.request(w.adminToken, {
      method: 'GET',
      url: `/api/transactions/export?format=csv&creditor=${w.creditorNumber}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const csv = zlib.gunzipSync(res.rawPayload).toString();
    expect(csv.split('\r\n').filter(Boolean).length).toBe(41);
  });

  it('never inflates a compressed request body: the save is refused and nothing stored', async () => {
    const before = (await get(LIST)).json<{ total: number }>().total;
    const res = await t.request(w.supplierToken, {
      method: 'POST',
      url: '/api/transactions',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify(bookingBody(w))),
    });
    expect(res.statusCode).toBe(400);
    // Read as it came, the gzip bytes are no UTF-8 (json-body.ts).
    expect(res.json()).toEqual({
      code: 'MALFORMED_REQUEST',
      errors: [{ property: '', message: MESSAGES.bodyNotUtf8 }],
    });
    expect((await get(LIST)).json<{ total: number }>().total).toBe(before);
  });
});
