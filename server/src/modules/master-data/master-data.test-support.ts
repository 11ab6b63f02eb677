// Test support of the master-data API tests: bookings stored directly in the transactions table, and
// the one suite that every master-data kind runs (the CRUD and its rules are shared, so are the tests).
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_NUMBER_MAX, NAME_MAX_LENGTH } from '@lp/domain/limits';
import { MASTER_DATA_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { createArticle, createCreditor, createDebitor, createUser } from '../../../test/factories';
import { ADMIN_EMAIL, type TestApp } from '../../../test/test-app';
import { bookings } from '../../db/schema';
import type { MasterDataTable } from './master-data.kind';

/** Stores a booking directly; missing master data is created. */
export async function insertBooking(
  t: TestApp,
  values: {
    creditorNumber?: number;
    articleNumber?: number;
    debitorNumber?: number;
    creationDate?: Date;
  } = {},
) {
  const [row] = await t.db
    .insert(bookings)
    .values({
      invoiceDate: '2026-01-15',
      invoiceNumber: `RE-${Math.random().toString(36).slice(2, 10)}`,
      net: '100.00',
      deliveryLocation: 'Rathaus',
      creationUserEmailAddress: ADMIN_EMAIL,
      creditorNumber: values.creditorNumber ?? (await createCreditor(t.db)).number,
      articleNumber: values.articleNumber ?? (await createArticle(t.db)).number,
      debitorNumber: values.debitorNumber ?? (await createDebitor(t.db)).number,
      ...(values.creationDate ? { creationDate: values.creationDate } : {}),
    })
    .returning();
  return row!;
}

export interface MasterDataSuiteOptions {
  path: 'articles' | 'creditors' | 'debitors';
  table: MasterDataTable;
  labels: Readonly<Record<string, string>> & { number: string; name: string; isActive: string };
  /** Fields a body without values reports as required, in the order of the form. */
  requiredFields: readonly string[];
  deleteFailed: string;
  /** A valid body for the number. */
  body(number: number): Record<string, unknown>;
  /** Stores a record directly (factories). */
  create(t: TestApp, values?: { isActive?: boolean }): Promise<{ number: number }>;
  /** Makes a booking reference the record. */
  reference(t: TestApp, number: number): Promise<unknown>;
  reservedNumber?: number;
  supplierView: 'active' | 'ownCreditor';
}

/** Runs the shared API tests of one kind; call it at file level after useTestApp(). */
export function describeMasterDataApi(t: TestApp, o: MasterDataSuiteOptions) {
  const base = `/api/${o.path}`;
  const tokens = { admin: '', supplier: '', otherSupplier: '' };
  let supplierCreditor = 0;
  // Numbers the API creates; the factories use lower ranges.
  let nextNumber = 500_000;
  const newNumber = () => ++nextNumber;

  beforeAll(async () => {
    const supplier = await createUser(t.db);
    const other = await createUser(t.db);
    supplierCreditor = supplier.creditorNumber!;
    tokens.admin = await t.login(ADMIN_EMAIL);
    tokens.supplier = await t.login(supplier.emailAddress);
    tokens.otherSupplier = await t.login(other.emailAddress);
  });

  const get = (token: string | undefined, url: string) => t.request(token, { method: 'GET', url });
  const send = (
    token: string | undefined,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => t.request(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(o.table))[0]!.n;
  const stored = async (number: number) =>
    (await t.db.select().from(o.table).where(eq(o.table.number, number)))[0];
  const only = (property: string, message: string) => ({ property, message });

  describe(`${base}: authentication`, () => {
    it('answers 401 without a token on every route', async () => {
      const { number } = await o.create(t);
      const answers = await Promise.all([
        get(undefined, base),
        get(undefined, `${base}/${number}`),
        send(undefined, 'POST', base, o.body(newNumber())),
        send(undefined, 'PUT', `${base}/${number}`, o.body(number)),
        send(undefined, 'DELETE', `${base}/${number}`),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ errors: [only('', MESSAGES.unauthorized)] });
      }
      expect(await stored(number)).toBeDefined();
    });
  });

  describe(`${base}: admin`, () => {
    it('creates, reads, lists, changes and deletes a record', async () => {
      const number = newNumber();
      const created = await send(tokens.admin, 'POST', base, o.body(number));
      expect(created.statusCode).toBe(200);
      expect(created.json()).toEqual({ id: number, errors: [] });

      const read = await get(tokens.admin, `${base}/${number}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ ...o.body(number), id: expect.any(Number) });
      expect((await get(tokens.admin, base)).json()).toContainEqual(read.json());

      const changed = { ...o.body(number), name: '  Neuer Name  ', isActive: false };
      const updated = await send(tokens.admin, 'PUT', `${base}/${number}`, changed);
      expect(updated.json()).toEqual({ id: number, errors: [] });
      expect(await stored(number)).toMatchObject({ name: 'Neuer Name', isActive: false });

      const deleted = await send(tokens.admin, 'DELETE', `${base}/${number}`);
      expect(deleted.statusCode).toBe(204);
      expect((await get(tokens.admin, `${base}/${number}`)).statusCode).toBe(404);
    });

    it('keeps number and isActive when a PUT body has none, defaults isActive on POST', async () => {
      const { number } = await o.create(t, { isActive: false });
      const { number: _number, isActive: _isActive, ...body } = o.body(number);
      const res = await send(tokens.admin, 'PUT', `${base}/${number}`, { ...body, name: 'Ohne Nummer' });
      expect(res.json()).toEqual({ id: number, errors: [] });
      expect(await stored(number)).toMatchObject({ name: 'Ohne Nummer', isActive: false });
      const fresh = newNumber();
      expect((await send(tokens.admin, 'POST', base, { ...body, number: fresh })).json().errors).toEqual([]);
      expect((await stored(fresh))?.isActive).toBe(true);
    });

    it('lists in number order, only active ones with ?onlyActive=true', async () => {
      const active = await o.create(t);
      const inactive = await o.create(t, { isActive: false });
      const all = (await get(tokens.admin, base)).json() as { number: number; isActive: boolean }[];
      expect(all.map((r) => r.number)).toEqual([...all.map((r) => r.number)].sort((a, b) => a - b));
      expect(all.map((r) => r.number)).toEqual(expect.arrayContaining([active.number, inactive.number]));
      const onlyActive = (await get(tokens.admin, `${base}?onlyActive=true`)).json() as { number: number }[];
      expect(onlyActive.map((r) => r.number)).toContain(active.number);
      expect(onlyActive.map((r) => r.number)).not.toContain(inactive.number);
      expect((await get(tokens.admin, `${base}?onlyActive=false`)).json()).toHaveLength(all.length);
      expect((await get(tokens.admin, `${base}?onlyActive=ja`)).statusCode).toBe(400);
    });
  });

  describe(`${base}: validation`, () => {
    it('lists every required field under its German label and stores nothing', async () => {
      const before = await count();
      for (const payload of [{}, Object.fromEntries(Object.keys(o.body(1)).map((k) => [k, null]))]) {
        const { isActive: _flag, ...nulls } = payload as Record<string, unknown>;
        const res = await send(tokens.admin, 'POST', base, nulls);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          id: null,
          errors: o.requiredFields.map((field) => only(o.labels[field]!, MESSAGES.required)),
        });
      }
      const blank = Object.fromEntries(
        Object.entries(o.body(newNumber())).map(([k, v]) => [k, typeof v === 'string' ? '  ' : v]),
      );
      const res = await send(tokens.admin, 'POST', base, blank);
      expect(res.json().errors).toEqual(
        o.requiredFields
          .filter((f) => f !== 'number')
          .map((field) => only(o.labels[field]!, MESSAGES.required)),
      );
      expect(await count()).toBe(before);
    });

    it('refuses numbers that are not positive integers or too large', async () => {
      const before = await count();
      for (const [number, message] of [
        [0, MESSAGES.positiveInteger],
        [-5, MESSAGES.positiveInteger],
        [12.5, MESSAGES.positiveInteger],
        [BUSINESS_NUMBER_MAX + 1, MASTER_DATA_MESSAGES.numberTooLarge(BUSINESS_NUMBER_MAX)],
      ] as const) {
        const res = await send(tokens.admin, 'POST', base, { ...o.body(1), number });
        expect(res.json()).toEqual({ id: null, errors: [only(o.labels.number, message)] });
      }
      expect(await count()).toBe(before);
    });

    it('bounds the name by its maximum length', async () => {
      const number = newNumber();
      const res = await send(tokens.admin, 'POST', base, {
        ...o.body(number),
        name: 'n'.repeat(NAME_MAX_LENGTH + 1),
      });
      expect(res.json()).toEqual({
        id: null,
        errors: [only(o.labels.name, MESSAGES.maxLength(NAME_MAX_LENGTH))],
      });
      expect(await stored(number)).toBeUndefined();
      const longest = await send(tokens.admin, 'POST', base, {
        ...o.body(number),
        name: 'n'.repeat(NAME_MAX_LENGTH),
      });
      expect(longest.json()).toEqual({ id: number, errors: [] });
    });

    it('refuses a number that exists, also together with other problems', async () => {
      const { number } = await o.create(t);
      const before = await stored(number);
      const res = await send(tokens.admin, 'POST', base, { ...o.body(number), name: 'Doppelt' });
      expect(res.json()).toEqual({
        id: null,
        errors: [only(o.labels.number, MASTER_DATA_MESSAGES.alreadyExists(o.labels.number, number))],
      });
      const both = await send(tokens.admin, 'POST', base, { ...o.body(number), name: '' });
      expect(both.json().errors).toEqual([
        only(o.labels.name, MESSAGES.required),
        only(o.labels.number, MASTER_DATA_MESSAGES.alreadyExists(o.labels.number, number)),
      ]);
      expect(await stored(number)).toEqual(before);
    });

    it('keeps the number: a PUT with another number is refused and changes nothing', async () => {
      const { number } = await o.create(t);
      const before = await stored(number);
      const other = newNumber();
      const res = await send(tokens.admin, 'PUT', `${base}/${number}`, {
        ...o.body(other),
        name: 'Umbenannt',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: number,
        errors: [only(o.labels.number, MASTER_DATA_MESSAGES.numberUnchangeable)],
      });
      expect(await stored(number)).toEqual(before);
      expect(await stored(other)).toBeUndefined();
    });

    it('answers 400 with German messages for wrong JSON types and malformed requests', async () => {
      const { number } = await o.create(t);
      const before = await count();
      const cases: [string, 'POST' | 'PUT', unknown, { property: string; message: string }][] = [
        [base, 'POST', { ...o.body(newNumber()), number: '12' }, only(o.labels.number, MESSAGES.notANumber)],
        [base, 'POST', { ...o.body(newNumber()), name: 5 }, only(o.labels.name, MESSAGES.malformedRequest)],
        [
          base,
          'POST',
          { ...o.body(newNumber()), isActive: 'ja' },
          only(o.labels.isActive, MESSAGES.malformedRequest),
        ],
        [base, 'POST', [o.body(newNumber())], only('', MESSAGES.malformedRequest)],
        [
          `${base}/${number}`,
          'PUT',
          { ...o.body(number), number: 'x' },
          only(o.labels.number, MESSAGES.notANumber),
        ],
      ];
      for (const [url, method, payload, error] of cases) {
        const res = await send(tokens.admin, method, url, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ errors: [error] });
      }
      const malformed = await t.request(tokens.admin, {
        method: 'POST',
        url: base,
        payload: '{"number": 1,',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ errors: [only('', MESSAGES.malformedRequest)] });
      for (const url of [`${base}/abc`, `${base}/-1`, `${base}/1.5`]) {
        expect((await get(tokens.admin, url)).statusCode).toBe(400);
      }
      expect(await count()).toBe(before);
    });

    it('answers 404 for numbers no record has', async () => {
      const unknown = newNumber();
      expect((await get(tokens.admin, `${base}/${unknown}`)).statusCode).toBe(404);
      expect((await send(tokens.admin, 'PUT', `${base}/${unknown}`, o.body(unknown))).statusCode).toBe(404);
      expect((await send(tokens.admin, 'DELETE', `${base}/${unknown}`)).statusCode).toBe(404);
      expect((await get(tokens.admin, `${base}/0`)).statusCode).toBe(404);
      expect((await get(tokens.admin, `${base}/9999999999`)).statusCode).toBe(404);
      expect(await stored(unknown)).toBeUndefined();
    });
  });

  describe(`${base}: delete protection`, () => {
    it('refuses deleting a record a booking references (409) and removes nothing', async () => {
      const { number } = await o.create(t);
      await o.reference(t, number);
      const before = await count();
      const res = await send(tokens.admin, 'DELETE', `${base}/${number}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        errors: [only('', o.deleteFailed), only('', MASTER_DATA_MESSAGES.stillReferenced)],
      });
      expect(await count()).toBe(before);
      expect(await stored(number)).toBeDefined();
      // Deactivating stays possible.
      const deactivated = await send(tokens.admin, 'PUT', `${base}/${number}`, {
        ...o.body(number),
        isActive: false,
      });
      expect(deactivated.json()).toEqual({ id: number, errors: [] });
    });

    const reserved = o.reservedNumber;
    if (reserved === undefined) return;
    it('never deletes or deactivates the empty-report record', async () => {
      const before = await stored(reserved);
      const res = await send(tokens.admin, 'DELETE', `${base}/${reserved}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        errors: [only('', o.deleteFailed), only('', MASTER_DATA_MESSAGES.reservedForEmptyReport)],
      });
      const current = (await get(tokens.admin, `${base}/${reserved}`)).json() as Record<string, unknown>;
      const deactivate = await send(tokens.admin, 'PUT', `${base}/${reserved}`, {
        ...current,
        isActive: false,
      });
      expect(deactivate.json()).toEqual({
        id: reserved,
        errors: [only(o.labels.isActive, MASTER_DATA_MESSAGES.reservedForEmptyReport)],
      });
      expect(await stored(reserved)).toEqual(before);
    });
  });

  describe(`${base}: supplier`, () => {
    it('refuses every write with 403 and changes nothing', async () => {
      const { number } = await o.create(t);
      const before = await stored(number);
      const fresh = newNumber();
      for (const token of [tokens.supplier, tokens.otherSupplier]) {
        const answers = await Promise.all([
          send(token, 'POST', base, o.body(fresh)),
          send(token, 'PUT', `${base}/${number}`, { ...o.body(number), name: 'Gekapert' }),
          send(token, 'DELETE', `${base}/${number}`),
          send(token, 'POST', base, [1, 2]),
        ]);
        for (const res of answers) {
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ errors: [only('', MESSAGES.forbidden)] });
        }
      }
      expect(await stored(number)).toEqual(before);
      expect(await stored(fresh)).toBeUndefined();
    });

    if (o.supplierView === 'active') {
      it('reads active records only: an inactive one is 404, whatever onlyActive says', async () => {
        const active = await o.create(t);
        const inactive = await o.create(t, { isActive: false });
        for (const token of [tokens.supplier, tokens.otherSupplier]) {
          for (const url of [base, `${base}?onlyActive=false`]) {
            const list = (await get(token, url)).json() as { number: number; isActive: boolean }[];
            expect(list.map((r) => r.number)).toContain(active.number);
            expect(list.every((r) => r.isActive)).toBe(true);
          }
          expect((await get(token, `${base}/${active.number}`)).json()).toMatchObject({
            number: active.number,
          });
          const hidden = await get(token, `${base}/${inactive.number}`);
          expect(hidden.statusCode).toBe(404);
          expect(hidden.json()).toEqual({ errors: [only('', MESSAGES.notFound)] });
        }
      });
    } else {
      it('reads its own creditor only: the list holds just it, any other number is 403', async () => {
        const other = await o.create(t);
        const list = (await get(tokens.supplier, base)).json() as { number: number }[];
        expect(list.map((r) => r.number)).toEqual([supplierCreditor]);
        expect((await get(tokens.supplier, `${base}/${supplierCreditor}`)).json()).toMatchObject({
          number: supplierCreditor,
        });
        for (const number of [other.number, newNumber()]) {
          const res = await get(tokens.supplier, `${base}/${number}`);
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ errors: [only('', MESSAGES.forbidden)] });
        }
        // The supplier of another creditor cannot read this one.
        expect((await get(tokens.otherSupplier, `${base}/${supplierCreditor}`)).statusCode).toBe(403);
        const otherList = (await get(tokens.otherSupplier, base)).json() as { number: number }[];
        expect(otherList.map((r) => r.number)).not.toContain(supplierCreditor);
      });
    }
  });
}
