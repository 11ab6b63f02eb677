// A NUL character in any text is a 400 with the German message (or, in an upload cell, the row's
// validation error), never a 500 from PostgreSQL and never stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_LABELS, BOOKING_LABELS, CREDITOR_LABELS, DEBITOR_LABELS } from '@lp/domain/labels';
import { uploadMessageProperty } from '@lp/domain/upload-columns';
import { MESSAGES, UPLOAD_MESSAGES } from '@lp/domain/messages';
import {
  bookingBody,
  countBookings,
  createWorld,
  createWorldBooking,
  type World,
} from '../../test/factories';
import { ADMIN_EMAIL, TEST_PASSWORD, useTestApp } from '../../test/test-app';
import {
  csvFile,
  HEADER,
  minimalXlsxParts,
  multipart,
  sheetXml,
  zipArchive,
} from '../modules/upload/upload-test-support';
import { forbiddenCharacterFields, holdsForbiddenCharacter } from './reject-forbidden-characters';

const t = useTestApp();
let w: World;
beforeAll(async () => {
  w = await createWorld(t);
});

const NUL = '\u0000';
const refused = {
  code: 'FORBIDDEN_CHARACTER',
  errors: [{ property: '', message: MESSAGES.forbiddenCharacter }],
};
/** A body field's refusal names the field as the form labels it. */
const refusedAt = (property: string) => ({
  code: 'FORBIDDEN_CHARACTER',
  errors: [{ property, message: MESSAGES.forbiddenCharacter }],
});
const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('holdsForbiddenCharacter', () => {
  it('finds a NUL in any string or key of a parsed value', () => {
    expect(holdsForbiddenCharacter({ a: [1, { b: `x${NUL}` }] })).toBe(true);
    expect(holdsForbiddenCharacter({ [`k${NUL}`]: 1 })).toBe(true);
    expect(holdsForbiddenCharacter(NUL)).toBe(true);
    expect(holdsForbiddenCharacter({ a: ['x', 1, null, true, { b: 'ü\u001b' }] })).toBe(true);
    expect(holdsForbiddenCharacter({ a: ['x', 1, null, true, { b: 'ü\t\r\n' }] })).toBe(false);
    expect(holdsForbiddenCharacter(undefined)).toBe(false);
  });

  it('names each body field that holds one by its label, and a field without a label once', () => {
    const labels = { name: 'Bezeichnung', street: 'Straße' };
    const refusal = (property: string) => ({ property, message: MESSAGES.forbiddenCharacter });
    expect(forbiddenCharacterFields({ name: `a${NUL}`, street: ['\u202e'], city: 'Ulm' }, labels)).toEqual([
      refusal('Bezeichnung'),
      refusal('Straße'),
    ]);
    expect(forbiddenCharacterFields({ x: NUL, y: NUL, [`k${NUL}`]: 1 }, labels)).toEqual([refusal('')]);
    expect(forbiddenCharacterFields([`a${NUL}`], labels)).toEqual([refusal('')]);
    expect(forbiddenCharacterFields({ toString: NUL }, labels)).toEqual([refusal('')]);
    expect(forbiddenCharacterFields({ name: 'Papier' }, labels)).toEqual([]);
  });

  it('survives JSON nested far deeper than the call stack', () => {
    let deep: unknown = `x${NUL}`;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(holdsForbiddenCharacter(deep)).toBe(true);
  });
});

describe('a NUL character in a request', () => {
  it('in the login name, password or grant type: 400 as an OAuth error, no token', async () => {
    const failed = { error: 'invalid_grant', error_description: MESSAGES.loginFailed };
    for (const [fields, answer] of [
      [{ grant_type: 'password', username: `admin${NUL}@test.example`, password: 'x' }, failed],
      [{ grant_type: 'password', username: ADMIN_EMAIL, password: `${TEST_PASSWORD}${NUL}` }, failed],
      [
        { grant_type: `password${NUL}`, username: ADMIN_EMAIL, password: TEST_PASSWORD },
        { error: 'unsupported_grant_type', error_description: MESSAGES.unsupportedGrantType },
      ],
    ] as const) {
      const res = await t.request(undefined, { method: 'POST', url: '/api/getsecuretoken', ...form(fields) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(answer);
    }
  });

  it.each([
    ['invoiceNumber', { invoiceNumber: `RE-${NUL}1` }],
    ['deliveryLocation', { deliveryLocation: `Rathaus${NUL}` }],
    ['additionalInformation', { additionalInformation: NUL }],
  ] as const)(
    'in a booking save (%s): 400 naming the field, nothing stored or changed',
    async (field, values) => {
      const stored = await createWorldBooking(t.db, w);
      const before = await countBookings(t.db);
      for (const token of [w.adminToken, w.supplierToken]) {
        const created = await t.request(token, {
          method: 'POST',
          url: '/api/transactions?checkForDuplicates=true',
          payload: bookingBody(w, values),
        });
        expect(created.statusCode).toBe(400);
        expect(created.json()).toEqual(refusedAt(BOOKING_LABELS[field]));
        const updated = await t.request(token, {
          method: 'PUT',
          url: `/api/transactions/${stored.id}?checkForDuplicates=false`,
          payload: { ...bookingBody(w, values), version: stored.version },
        });
        expect(updated.statusCode).toBe(400);
        expect(updated.json()).toEqual(refusedAt(BOOKING_LABELS[field]));
      }
      expect(await countBookings(t.db)).toBe(before);
    },
  );

  it.each([
    ['articles', ARTICLE_LABELS.name, { number: 640_001, name: `Papier${NUL}`, isActive: true }],
    ['creditors', CREDITOR_LABELS.name, { number: 640_002, name: `${NUL}GmbH`, isActive: true }],
    [
      'debitors',
      DEBITOR_LABELS.street,
      { number: 640_003, name: 'Stadt', street: `Markt${NUL}1`, zipCode: '1', city: 'Ulm', isActive: true },
    ],
  ])('in master data (%s): 400 naming the field, nothing stored', async (path, label, body) => {
    const res = await t.request(w.adminToken, { method: 'POST', url: `/api/${path}`, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusedAt(label));
    const read = await t.request(w.adminToken, { method: 'GET', url: `/api/${path}/${body.number}` });
    expect(read.statusCode).toBe(404);
  });

  it.each([
    '/api/transactions?searchQuery=Rat%00haus',
    '/api/transactions/export?format=csv&searchQuery=%00',
    '/api/users/single?name=a%00b',
  ])('in a query string (%s): 400', async (url) => {
    const res = await t.request(w.adminToken, { method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
  });
});

/** An upload of one file by the admin, and a file row of the world's records. */
const upload = (content: Buffer) =>
  t.request(w.adminToken, {
    method: 'POST',
    url: '/api/upload?checkForDuplicates=true',
    ...multipart([{ filename: 'buchungen', content }]),
  });
const row = (invoiceNumber: string, location = 'Bauhof') => [
  '05.03.2025',
  invoiceNumber,
  String(w.debitorNumber),
  location,
  String(w.articleNumber),
  '12,50',
  '',
  String(w.creditorNumber),
];

describe('other forbidden characters in a request', () => {
  // Sent as the JSON text a client writes: "\\ud800" is an escape that JSON.parse turns into a lone
  // surrogate, which UTF-8 would store as U+FFFD.
  const rawBooking = (invoiceNumber: string) =>
    JSON.stringify(bookingBody(w, { invoiceNumber: 'PLACEHOLDER' })).replace('PLACEHOLDER', invoiceNumber);

  it.each([
    ['a terminal escape sequence', 'C\\u001b]8;;http://evil\\u0007X'],
    ['backspaces', 'RE\\b\\b7'],
    ['a right-to-left override', 'RE\\u202e1'],
    ['a lone surrogate', 'SUR\\ud800Z'],
  ])('in a booking save (%s): 400 naming the field, nothing stored', async (_what, invoiceNumber) => {
    const before = await countBookings(t.db);
    for (const token of [w.adminToken, w.supplierToken]) {
      const res = await t.request(token, {
        method: 'POST',
        url: '/api/transactions?checkForDuplicates=false',
        payload: rawBooking(invoiceNumber),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusedAt(BOOKING_LABELS.invoiceNumber));
    }
    expect(await countBookings(t.db)).toBe(before);
  });

  it('in a query string (a right-to-left override): 400', async () => {
    const res = await t.request(w.adminToken, {
      method: 'GET',
      url: '/api/transactions?searchQuery=a%E2%80%AEb',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
  });

  it('in an upload cell: the row gets the German validation error, nothing stored', async () => {
    const before = await countBookings(t.db);
    const res = await upload(csvFile([HEADER, row('ESC-1'), row('ESC\u001b[2J-2')]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      errors: [
        {
          property: uploadMessageProperty(BOOKING_LABELS.invoiceNumber),
          message: MESSAGES.forbiddenCharacter,
          rowNumber: 3,
        },
      ],
      warnings: [],
      count: 0,
    });
    expect(await countBookings(t.db)).toBe(before);
  });
});

describe('a NUL character in an upload cell', () => {
  it('gives the row a German validation error and stores nothing (CSV in UTF-16)', async () => {
    const before = await countBookings(t.db);
    const file = csvFile([HEADER, row('NUL-1'), row(`NUL${NUL}2`), row('NUL-3', `Hof${NUL}`)], {
      encoding: 'utf16le-bom',
    });
    const res = await upload(file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      errors: [
        // Upload messages name the file's columns.
        {
          property: uploadMessageProperty(BOOKING_LABELS.invoiceNumber),
          message: MESSAGES.forbiddenCharacter,
          rowNumber: 3,
        },
        {
          property: uploadMessageProperty(BOOKING_LABELS.deliveryLocation),
          message: MESSAGES.forbiddenCharacter,
          rowNumber: 4,
        },
      ],
      warnings: [],
      count: 0,
    });
    expect(await countBookings(t.db)).toBe(before);
  });

  it('refuses an xlsx with a NUL as a damaged file (XML cannot hold one), storing nothing', async () => {
    // Excel and exceljs never write a NUL; a hand-made sheet with the character reference &#0; is
    // no well-formed XML.
    const before = await countBookings(t.db);
    const xml = sheetXml([HEADER, row('NUL-4'), row('NUL-5', 'Lager&#0;Nord')]);
    const res = await upload(zipArchive(minimalXlsxParts(xml)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      errors: [{ property: '', message: UPLOAD_MESSAGES.corruptXlsx }],
      warnings: [],
      count: 0,
    });
    expect(await countBookings(t.db)).toBe(before);
  });
});
