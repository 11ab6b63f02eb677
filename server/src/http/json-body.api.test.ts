// A JSON body is UTF-8: another declared charset is a German 415, bytes that are no UTF-8 a German 400,
// nothing stored either way; a UTF-8 body is stored as sent.
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { bookingBody, countBookings, createWorld, type World } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { declaredCharset } from './json-body';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

const refused = (code: string) => ({ code, errors: [{ property: '', message: MESSAGES.bodyNotUtf8 }] });
const LOCATION = 'Straße München';

function save(token: string, body: Buffer, contentType: string) {
  return t.request(token, {
    method: 'POST',
    url: '/api/transactions?checkForDuplicates=false',
    payload: body,
    headers: { 'content-type': contentType },
  });
}
const bookingJson = () => JSON.stringify(bookingBody(w, { deliveryLocation: LOCATION }));

describe('declaredCharset', () => {
  it('reads the charset parameter of a Content-Type, quoted or not, in any case', () => {
    expect(declaredCharset('application/json')).toBeUndefined();
    expect(declaredCharset(undefined)).toBeUndefined();
    expect(declaredCharset('application/json; charset=UTF-8')).toBe('utf-8');
    expect(declaredCharset('application/json;charset="ISO-8859-1"')).toBe('iso-8859-1');
  });
});

describe('the encoding of a JSON body', () => {
  it('Latin-1 declared as such: 415 with the German message, nothing stored', async () => {
    const before = await countBookings(t.db);
    for (const token of [w.adminToken, w.supplierToken]) {
      const res = await save(
        token,
        Buffer.from(bookingJson(), 'latin1'),
        'application/json; charset=iso-8859-1',
      );
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(refused('UNSUPPORTED_MEDIA_TYPE'));
    }
    expect(await countBookings(t.db)).toBe(before);
  });

  it('Latin-1 bytes without a charset: 400, not stored as "Stra\uFFFDe"', async () => {
    const before = await countBookings(t.db);
    const res = await save(w.supplierToken, Buffer.from(bookingJson(), 'latin1'), 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('MALFORMED_REQUEST'));
    expect(await countBookings(t.db)).toBe(before);
  });

  it('UTF-8, with or without the charset: stored as sent', async () => {
    for (const contentType of [
      'application/json',
      'application/json; charset=UTF-8',
      'application/json; charset="utf8"',
    ]) {
      const res = await save(w.supplierToken, Buffer.from(bookingJson(), 'utf8'), contentType);
      expect(res.statusCode, contentType).toBe(200);
      const id = (res.json() as { id: number }).id;
      const read = await t.request(w.supplierToken, { method: 'GET', url: `/api/transactions/${id}` });
      expect((read.json() as { deliveryLocation: string }).deliveryLocation).toBe(LOCATION);
    }
  });

  it('still refuses prototype poisoning and an empty body as malformed', async () => {
    const poisoned = Buffer.from(bookingJson().replace('{', '{"__proto__":{"isAdmin":true},'), 'utf8');
    expect((await save(w.adminToken, poisoned, 'application/json')).statusCode).toBe(400);
    expect((await save(w.adminToken, Buffer.alloc(0), 'application/json')).statusCode).toBe(400);
  });
});
