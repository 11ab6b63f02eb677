// The API tests every master-data kind (articles, creditors, debitors) runs: the CRUD and its rules
// are shared, so are the tests. Access and input cases are tables (one row per case: role, request,
// expected answer); the rest is grouped per route. Each kind's test file calls describeMasterDataApi.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_NUMBER_MAX, NAME_MAX_LENGTH } from '@lp/domain/limits';
import { defaultErrorCode } from '@lp/domain/error-codes';
import { MASTER_DATA_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { createUser } from '../../../test/factories';
import { ADMIN_EMAIL, type TestApp } from '../../../test/test-app';
import type { MasterDataTable } from './master-data.kind';

export interface MasterDataKind {
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
  /** The number as messages name it (articles: 001200). */
  formatNumber?: (number: number) => string;
}

type Role = 'anonymous' | 'admin' | 'supplier' | 'otherSupplier';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface FieldError {
  property: string;
  message: string;
}

const fieldError = (property: string, message: string): FieldError => ({ property, message });

/** Runs the shared API tests of one kind; call it at file level after useTestApp(). */
export function describeMasterDataApi(t: TestApp, kind: MasterDataKind) {
  const base = `/api/${kind.path}`;
  const { labels } = kind;
  const tokens: Record<Role, string | undefined> = {
    anonymous: undefined,
    admin: '',
    supplier: '',
    otherSupplier: '',
  };
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

  const tokenFor = (role: Role) => tokens[role];
  const request = (role: Role, method: Method, url: string, payload?: unknown) =>
    t.request(tokenFor(role), {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const countRecords = async () =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(kind.table))[0]!.n;
  const findRecord = async (number: number) =>
    (await t.db.select().from(kind.table).where(eq(kind.table.number, number)))[0];

  describe(`${base}: who may do what`, () => {
    // `existing` is a stored record, `fresh` a number no record has yet.
    type Target = (ids: { existing: number; fresh: number }) => { url: string; payload?: unknown };
    const list: Target = () => ({ url: base });
    const read: Target = ({ existing }) => ({ url: `${base}/${existing}` });
    const create: Target = ({ fresh }) => ({ url: base, payload: kind.body(fresh) });
    const createMany: Target = () => ({ url: base, payload: [1, 2] });
    const update: Target = ({ existing }) => ({
      url: `${base}/${existing}`,
      payload: { ...kind.body(existing), name: 'Gekapert' },
    });
    const remove: Target = ({ existing }) => ({ url: `${base}/${existing}` });

    const cases: [Role, Method, string, number, string, Target][] = [
      ['anonymous', 'GET', 'list', 401, MESSAGES.unauthorized, list],
      ['anonymous', 'GET', 'record', 401, MESSAGES.unauthorized, read],
      ['anonymous', 'POST', 'new record', 401, MESSAGES.unauthorized, create],
      ['anonymous', 'PUT', 'record', 401, MESSAGES.unauthorized, update],
      ['anonymous', 'DELETE', 'record', 401, MESSAGES.unauthorized, remove],
      ['supplier', 'POST', 'new record', 403, MESSAGES.forbidden, create],
      ['supplier', 'POST', 'array body', 403, MESSAGES.forbidden, createMany],
      ['supplier', 'PUT', 'record', 403, MESSAGES.forbidden, update],
      ['supplier', 'DELETE', 'record', 403, MESSAGES.forbidden, remove],
      ['otherSupplier', 'POST', 'new record', 403, MESSAGES.forbidden, create],
      ['otherSupplier', 'POST', 'array body', 403, MESSAGES.forbidden, createMany],
      ['otherSupplier', 'PUT', 'record', 403, MESSAGES.forbidden, update],
      ['otherSupplier', 'DELETE', 'record', 403, MESSAGES.forbidden, remove],
    ];

    it.each(cases)('%s %s %s → %i, nothing changes', async (role, method, _what, status, message, target) => {
      const { number: existing } = await kind.create(t);
      const before = await findRecord(existing);
      const fresh = newNumber();
      const { url, payload } = target({ existing, fresh });
      const res = await request(role, method, url, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ code: defaultErrorCode(status), errors: [fieldError('', message)] });
      expect(await findRecord(existing)).toEqual(before);
      expect(await findRecord(fresh)).toBeUndefined();
    });
  });

  describe(`${base}: input the admin sends`, () => {
    // Business validation answers 200 with {id: null, errors}; a wrong JSON type is a 400.
    const body = (values: Record<string, unknown>) => (n: number) => ({ ...kind.body(n), ...values });
    const positive = fieldError(labels.number, MESSAGES.positiveInteger);
    const tooLarge = fieldError(labels.number, MASTER_DATA_MESSAGES.numberTooLarge(BUSINESS_NUMBER_MAX));
    const nameTooLong = fieldError(labels.name, MESSAGES.maxLength(NAME_MAX_LENGTH));
    const notANumber = fieldError(labels.number, MESSAGES.notANumber);
    const malformed = (property: string) => fieldError(property, MESSAGES.malformedRequest);
    const cases: [string, number, FieldError, (n: number) => unknown][] = [
      ['number 0', 200, positive, body({ number: 0 })],
      ['number -5', 200, positive, body({ number: -5 })],
      ['number 12.5', 200, positive, body({ number: 12.5 })],
      ['a number above the maximum', 200, tooLarge, body({ number: BUSINESS_NUMBER_MAX + 1 })],
      ['a name one character too long', 200, nameTooLong, body({ name: 'n'.repeat(NAME_MAX_LENGTH + 1) })],
      ['the number as a string', 400, notANumber, body({ number: '12' })],
      ['the name as a number', 400, malformed(labels.name), body({ name: 5 })],
      ['isActive as a string', 400, malformed(labels.isActive), body({ isActive: 'ja' })],
      ['an array', 400, malformed(''), (n) => [kind.body(n)]],
    ];

    it.each(cases)(
      'POST with %s → %i and a German message, stores nothing',
      async (_what, status, error, payload) => {
        const before = await countRecords();
        const number = newNumber();
        const res = await request('admin', 'POST', base, payload(number));
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual(
          status === 200 ? { id: null, errors: [error] } : { code: 'MALFORMED_REQUEST', errors: [error] },
        );
        expect(await findRecord(number)).toBeUndefined();
        expect(await countRecords()).toBe(before);
      },
    );

    it('PUT with the number as a string → 400 and a German message, changes nothing', async () => {
      const { number } = await kind.create(t);
      const before = await findRecord(number);
      const res = await request('admin', 'PUT', `${base}/${number}`, { ...kind.body(number), number: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'MALFORMED_REQUEST',
        errors: [fieldError(labels.number, MESSAGES.notANumber)],
      });
      expect(await findRecord(number)).toEqual(before);
    });

    it('malformed JSON → 400 and a German message', async () => {
      const before = await countRecords();
      const malformed = await t.request(tokens.admin, {
        method: 'POST',
        url: base,
        payload: '{"number": 1,',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({
        code: 'MALFORMED_REQUEST',
        errors: [fieldError('', MESSAGES.malformedRequest)],
      });
      expect(await countRecords()).toBe(before);
    });

    it.each([`${base}/abc`, `${base}/-1`, `${base}/1.5`])('GET %s → 400', async (url) => {
      expect((await request('admin', 'GET', url)).statusCode).toBe(400);
    });
  });

  describe(`GET ${base}`, () => {
    it('lists in number order, only active ones with ?onlyActive=true', async () => {
      const active = await kind.create(t);
      const inactive = await kind.create(t, { isActive: false });
      const all = (await request('admin', 'GET', base)).json() as { number: number; isActive: boolean }[];
      expect(all.map((r) => r.number)).toEqual([...all.map((r) => r.number)].sort((a, b) => a - b));
      expect(all.map((r) => r.number)).toEqual(expect.arrayContaining([active.number, inactive.number]));
      const onlyActive = (await request('admin', 'GET', `${base}?onlyActive=true`)).json() as {
        number: number;
      }[];
      expect(onlyActive.map((r) => r.number)).toContain(active.number);
      expect(onlyActive.map((r) => r.number)).not.toContain(inactive.number);
      expect((await request('admin', 'GET', `${base}?onlyActive=false`)).json()).toHaveLength(all.length);
      expect((await request('admin', 'GET', `${base}?onlyActive=ja`)).statusCode).toBe(400);
    });

    if (kind.supplierView === 'active') {
      it('shows a supplier active records only: an inactive one is 404, whatever onlyActive says', async () => {
        const active = await kind.create(t);
        const inactive = await kind.create(t, { isActive: false });
        for (const role of ['supplier', 'otherSupplier'] as const) {
          for (const url of [base, `${base}?onlyActive=false`]) {
            const list = (await request(role, 'GET', url)).json() as { number: number; isActive: boolean }[];
            expect(list.map((r) => r.number)).toContain(active.number);
            expect(list.every((r) => r.isActive)).toBe(true);
          }
          expect((await request(role, 'GET', `${base}/${active.number}`)).json()).toMatchObject({
            number: active.number,
          });
          const hidden = await request(role, 'GET', `${base}/${inactive.number}`);
          expect(hidden.statusCode).toBe(404);
          expect(hidden.json()).toEqual({ code: 'NOT_FOUND', errors: [fieldError('', MESSAGES.notFound)] });
        }
      });
      const reserved = kind.reservedNumber;
      if (reserved !== undefined) {
        it("leaves the reserved empty-report record out of a supplier's list, not out of an admin's", async () => {
          const numbersFor = async (role: Role) =>
            ((await request(role, 'GET', base)).json() as { number: number }[]).map((r) => r.number);
          expect(await numbersFor('admin')).toContain(reserved);
          expect(await numbersFor('supplier')).not.toContain(reserved);
          expect(await numbersFor('supplier')).not.toHaveLength(0);
        });
      }
    } else {
      it('shows a supplier its own creditor only: the list holds just it, any other number is 403', async () => {
        const other = await kind.create(t);
        const list = (await request('supplier', 'GET', base)).json() as { number: number }[];
        expect(list.map((r) => r.number)).toEqual([supplierCreditor]);
        expect((await request('supplier', 'GET', `${base}/${supplierCreditor}`)).json()).toMatchObject({
          number: supplierCreditor,
        });
        for (const number of [other.number, newNumber()]) {
          const res = await request('supplier', 'GET', `${base}/${number}`);
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ code: 'FORBIDDEN', errors: [fieldError('', MESSAGES.forbidden)] });
        }
        // The supplier of another creditor cannot read this one.
        expect((await request('otherSupplier', 'GET', `${base}/${supplierCreditor}`)).statusCode).toBe(403);
        const otherList = (await request('otherSupplier', 'GET', base)).json() as { number: number }[];
        expect(otherList.map((r) => r.number)).not.toContain(supplierCreditor);
      });
    }
  });

  describe(`GET ${base}/{number}`, () => {
    it('answers 404 for numbers no record has', async () => {
      const unknown = newNumber();
      for (const number of [unknown, 0, 9_999_999_999]) {
        expect((await request('admin', 'GET', `${base}/${number}`)).statusCode).toBe(404);
      }
    });
  });

  describe(`POST ${base}`, () => {
    it('creates a record the admin then reads, lists, changes and deletes', async () => {
      const number = newNumber();
      const created = await request('admin', 'POST', base, kind.body(number));
      expect(created.statusCode).toBe(200);
      expect(created.json()).toEqual({ id: number, errors: [] });

      const read = await request('admin', 'GET', `${base}/${number}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ ...kind.body(number), id: expect.any(Number) });
      expect((await request('admin', 'GET', base)).json()).toContainEqual(read.json());

      const changed = { ...kind.body(number), name: '  Neuer Name  ', isActive: false };
      const updated = await request('admin', 'PUT', `${base}/${number}`, changed);
      expect(updated.json()).toEqual({ id: number, errors: [] });
      expect(await findRecord(number)).toMatchObject({ name: 'Neuer Name', isActive: false });

      const deleted = await request('admin', 'DELETE', `${base}/${number}`);
      expect(deleted.statusCode).toBe(204);
      expect((await request('admin', 'GET', `${base}/${number}`)).statusCode).toBe(404);
    });

    it('defaults isActive to true', async () => {
      const fresh = newNumber();
      const { isActive: _isActive, ...body } = kind.body(fresh);
      expect((await request('admin', 'POST', base, body)).json().errors).toEqual([]);
      expect((await findRecord(fresh))?.isActive).toBe(true);
    });

    it('lists every required field under its German label and stores nothing', async () => {
      const before = await countRecords();
      const required = kind.requiredFields.map((field) => fieldError(labels[field]!, MESSAGES.required));
      for (const payload of [{}, Object.fromEntries(Object.keys(kind.body(1)).map((k) => [k, null]))]) {
        const { isActive: _flag, ...nulls } = payload as Record<string, unknown>;
        const res = await request('admin', 'POST', base, nulls);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ id: null, errors: required });
      }
      const blank = Object.fromEntries(
        Object.entries(kind.body(newNumber())).map(([k, v]) => [k, typeof v === 'string' ? '  ' : v]),
      );
      const res = await request('admin', 'POST', base, blank);
      expect(res.json().errors).toEqual(required.filter((e) => e.property !== labels.number));
      expect(await countRecords()).toBe(before);
    });

    it('takes a name of exactly the maximum length', async () => {
      const number = newNumber();
      const longest = await request('admin', 'POST', base, {
        ...kind.body(number),
        name: 'n'.repeat(NAME_MAX_LENGTH),
      });
      expect(longest.json()).toEqual({ id: number, errors: [] });
    });

    it('refuses a number that exists, also together with other problems', async () => {
      const { number } = await kind.create(t);
      const before = await findRecord(number);
      const exists = fieldError(
        labels.number,
        MASTER_DATA_MESSAGES.alreadyExists(labels.number, kind.formatNumber?.(number) ?? number),
      );
      const res = await request('admin', 'POST', base, { ...kind.body(number), name: 'Doppelt' });
      expect(res.json()).toEqual({ id: null, errors: [exists] });
      const both = await request('admin', 'POST', base, { ...kind.body(number), name: '' });
      expect(both.json().errors).toEqual([fieldError(labels.name, MESSAGES.required), exists]);
      expect(await findRecord(number)).toEqual(before);
    });
  });

  describe(`PUT ${base}/{number}`, () => {
    it('keeps number and isActive when the body has none', async () => {
      const { number } = await kind.create(t, { isActive: false });
      const { number: _number, isActive: _isActive, ...body } = kind.body(number);
      const res = await request('admin', 'PUT', `${base}/${number}`, { ...body, name: 'Ohne Nummer' });
      expect(res.json()).toEqual({ id: number, errors: [] });
      expect(await findRecord(number)).toMatchObject({ name: 'Ohne Nummer', isActive: false });
    });

    it('keeps the number: a body with another number is refused and changes nothing', async () => {
      const { number } = await kind.create(t);
      const before = await findRecord(number);
      const other = newNumber();
      const res = await request('admin', 'PUT', `${base}/${number}`, {
        ...kind.body(other),
        name: 'Umbenannt',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: number,
        errors: [fieldError(labels.number, MASTER_DATA_MESSAGES.numberUnchangeable)],
      });
      expect(await findRecord(number)).toEqual(before);
      expect(await findRecord(other)).toBeUndefined();
    });

    it('refuses (412, German, nothing stored) a save of a version someone else has changed since', async () => {
      const { number } = await kind.create(t);
      const loaded = await request('admin', 'GET', `${base}/${number}`);
      const etag = loaded.headers.etag as string;
      expect(etag).toMatch(/^"\d+"$/);
      const put = (name: string, ifMatch?: string) =>
        t.request(tokens.admin, {
          method: 'PUT',
          url: `${base}/${number}`,
          payload: { ...kind.body(number), name },
          ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}),
        });
      // The first of two admins who loaded the same version saves; the second is refused.
      expect((await put('Erste Änderung', etag)).json()).toEqual({ id: number, errors: [] });
      const second = await put('Zweite Änderung', etag);
      expect(second.statusCode).toBe(412);
      expect(second.json().errors[0].message).toBe(MASTER_DATA_MESSAGES.versionConflict);
      expect(await findRecord(number)).toMatchObject({ name: 'Erste Änderung' });
      // Reloaded, the save goes through; without If-Match (another client of the API) as before.
      const reloaded = (await request('admin', 'GET', `${base}/${number}`)).headers.etag as string;
      expect(reloaded).not.toBe(etag);
      expect((await put('Zweite Änderung', reloaded)).statusCode).toBe(200);
      expect((await put('Ohne Version')).json()).toEqual({ id: number, errors: [] });
      expect((await put('Unlesbar', '"abc"')).statusCode).toBe(412);
      expect(await findRecord(number)).toMatchObject({ name: 'Ohne Version' });
      // `*` matches whatever version the existing record has (RFC 9110), not a 412.
      expect((await put('Mit Stern', '*')).json()).toEqual({ id: number, errors: [] });
      expect(await findRecord(number)).toMatchObject({ name: 'Mit Stern' });
    });

    it('answers 404 for a number no record has and stores nothing', async () => {
      const unknown = newNumber();
      const res = await request('admin', 'PUT', `${base}/${unknown}`, kind.body(unknown));
      expect(res.statusCode).toBe(404);
      expect(await findRecord(unknown)).toBeUndefined();
    });

    if (kind.reservedNumber !== undefined) {
      const reserved = kind.reservedNumber;
      it('never deactivates the empty-report record', async () => {
        const before = await findRecord(reserved);
        const current = (await request('admin', 'GET', `${base}/${reserved}`)).json() as Record<
          string,
          unknown
        >;
        const deactivate = await request('admin', 'PUT', `${base}/${reserved}`, {
          ...current,
          isActive: false,
        });
        expect(deactivate.json()).toEqual({
          id: reserved,
          errors: [fieldError(labels.isActive, MASTER_DATA_MESSAGES.reservedForEmptyReport)],
        });
        expect(await findRecord(reserved)).toEqual(before);
      });

      it('never changes the values every empty report shows; saving them unchanged stays possible', async () => {
        const before = await findRecord(reserved);
        const current = (await request('admin', 'GET', `${base}/${reserved}`)).json() as Record<
          string,
          unknown
        >;
        // Every text of the record (name, a debitor's address) changed at once: one message each.
        const texts = Object.keys(current).filter((field) => typeof current[field] === 'string');
        expect(texts).toContain('name');
        const changed = Object.fromEntries(texts.map((field) => [field, 'Neu']));
        const res = await request('admin', 'PUT', `${base}/${reserved}`, { ...current, ...changed });
        expect(res.json()).toEqual({
          id: reserved,
          errors: texts.map((field) =>
            fieldError(labels[field]!, MASTER_DATA_MESSAGES.reservedValuesUnchangeable),
          ),
        });
        // A single renamed field alone is refused too.
        const renamed = await request('admin', 'PUT', `${base}/${reserved}`, { ...current, name: 'Hacked' });
        expect(renamed.json()).toEqual({
          id: reserved,
          errors: [fieldError(labels.name, MASTER_DATA_MESSAGES.reservedValuesUnchangeable)],
        });
        expect(await findRecord(reserved)).toEqual(before);
        const unchanged = await request('admin', 'PUT', `${base}/${reserved}`, current);
        expect(unchanged.json()).toEqual({ id: reserved, errors: [] });
        expect((await request('admin', 'GET', `${base}/${reserved}`)).json()).toEqual(current);
      });
    }
  });

  describe(`DELETE ${base}/{number}`, () => {
    it('refuses deleting a record a booking references (409), removes nothing, deactivating stays possible', async () => {
      const { number } = await kind.create(t);
      await kind.reference(t, number);
      const before = await countRecords();
      const res = await request('admin', 'DELETE', `${base}/${number}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'STILL_REFERENCED',
        errors: [fieldError('', kind.deleteFailed), fieldError('', MASTER_DATA_MESSAGES.stillReferenced)],
      });
      expect(await countRecords()).toBe(before);
      expect(await findRecord(number)).toBeDefined();
      const deactivated = await request('admin', 'PUT', `${base}/${number}`, {
        ...kind.body(number),
        isActive: false,
      });
      expect(deactivated.json()).toEqual({ id: number, errors: [] });
    });

    it('answers 404 for a number no record has', async () => {
      expect((await request('admin', 'DELETE', `${base}/${newNumber()}`)).statusCode).toBe(404);
    });

    it('refuses (412, German, nothing removed) deleting a version someone else has changed since', async () => {
      const { number } = await kind.create(t);
      const etag = (await request('admin', 'GET', `${base}/${number}`)).headers.etag as string;
      const remove = (ifMatch?: string) =>
        t.request(tokens.admin, {
          method: 'DELETE',
          url: `${base}/${number}`,
          ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}),
        });
      // Another admin renames it; the delete confirmed on the old name is refused.
      const renamed = await request('admin', 'PUT', `${base}/${number}`, {
        ...kind.body(number),
        name: 'Umbenannt',
      });
      expect(renamed.json()).toEqual({ id: number, errors: [] });
      const stale = await remove(etag);
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toEqual({
        code: 'PRECONDITION_FAILED',
        errors: [fieldError('', MASTER_DATA_MESSAGES.versionConflictOnDelete)],
      });
      expect(await findRecord(number)).toMatchObject({ name: 'Umbenannt' });
      expect((await remove('"abc"')).statusCode).toBe(412);
      // `*` matches any version of a record that exists: it is removed; one that is gone stays 404.
      const other = await kind.create(t);
      const removeOther = () =>
        t.request(tokens.admin, {
          method: 'DELETE',
          url: `${base}/${other.number}`,
          headers: { 'if-match': '*' },
        });
      expect((await removeOther()).statusCode).toBe(204);
      expect(await findRecord(other.number)).toBeUndefined();
      expect((await removeOther()).statusCode).toBe(404);
      // With the current version it goes; a second delete finds nothing.
      const current = (await request('admin', 'GET', `${base}/${number}`)).headers.etag as string;
      expect((await remove(current)).statusCode).toBe(204);
      expect(await findRecord(number)).toBeUndefined();
      expect((await remove(current)).statusCode).toBe(404);
    });

    if (kind.reservedNumber !== undefined) {
      const reserved = kind.reservedNumber;
      it('never deletes the empty-report record (409)', async () => {
        const before = await findRecord(reserved);
        const res = await request('admin', 'DELETE', `${base}/${reserved}`);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          code: 'RESERVED_RECORD',
          errors: [
            fieldError('', kind.deleteFailed),
            fieldError('', MASTER_DATA_MESSAGES.reservedForEmptyReport),
          ],
        });
        expect(await findRecord(reserved)).toEqual(before);
      });
    }
  });
}
