// The audit trail of articles, creditors, debitors and users: create, update (only what changed)
// and delete, each in the transaction of the change; passwords only as "changed".
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntity } from '@lp/domain/audit';
import { createBooking, createUser } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import { countEntries, expectRecent, getHistory } from './audit.test-support';

const t = useTestApp();
let admin: string;
beforeAll(async () => {
  admin = await t.login(ADMIN_EMAIL);
});

let nextNumber = 700_000;

interface Kind {
  entity: AuditEntity;
  path: string;
  body: (number: number) => Record<string, unknown>;
  change: Record<string, unknown>;
  /** A booking that references the number: its delete is refused. */
  reference: (number: number) => Promise<unknown>;
}

const KINDS: Kind[] = [
  {
    entity: 'article',
    path: 'articles',
    body: (number) => ({ number, name: `Artikel ${number}`, isActive: true }),
    change: { name: 'Streusalz' },
    reference: (number) => createBooking(t.db, { articleNumber: number }),
  },
  {
    entity: 'creditor',
    path: 'creditors',
    body: (number) => ({ number, name: `Kreditor ${number}`, isActive: true }),
    change: { isActive: false },
    reference: (number) => createBooking(t.db, { creditorNumber: number }),
  },
  {
    entity: 'debitor',
    path: 'debitors',
    body: (number) => ({
      number,
      name: `Gemeinde ${number}`,
      street: 'Markt 1',
      zipCode: '10115',
      city: 'Berlin',
      isActive: true,
    }),
    change: { city: 'Köln', zipCode: '50667' },
    reference: (number) => createBooking(t.db, { debitorNumber: number }),
  },
];

describe.each(KINDS)('$path in the audit trail', (kind) => {
  const base = `/api/${kind.path}`;
  const create = async () => {
    const number = ++nextNumber;
    const res = await t.request(admin, { method: 'POST', url: base, payload: kind.body(number) });
    expect(res.json()).toEqual({ id: number, errors: [] });
    return number;
  };

  it('records a create with every value as new', async () => {
    const number = await create();
    const [entry, ...rest] = await getHistory(t, admin, kind.entity, number);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ action: 'create', userEmailAddress: ADMIN_EMAIL });
    expectRecent(entry!.at);
    const expected = Object.fromEntries(
      Object.entries(kind.body(number)).map(([field, value]) => [field, { old: null, new: value }]),
    );
    expect(entry!.changes).toEqual(expected);
  });

  it('records an update with only the changed fields, and nothing for a save without change', async () => {
    const number = await create();
    const changed = { ...kind.body(number), ...kind.change };
    await t.request(admin, { method: 'PUT', url: `${base}/${number}`, payload: changed });
    await t.request(admin, { method: 'PUT', url: `${base}/${number}`, payload: changed });
    const history = await getHistory(t, admin, kind.entity, number);
    expect(history.map((e) => e.action)).toEqual(['update', 'create']);
    const original = kind.body(number);
    expect(history[0]!.changes).toEqual(
      Object.fromEntries(
        Object.entries(kind.change).map(([field, value]) => [field, { old: original[field], new: value }]),
      ),
    );
  });

  it('records a delete with the last values as old values', async () => {
    const number = await create();
    expect((await t.request(admin, { method: 'DELETE', url: `${base}/${number}` })).statusCode).toBe(204);
    const [entry] = await getHistory(t, admin, kind.entity, number);
    expect(entry).toMatchObject({ action: 'delete' });
    expect(entry!.changes).toMatchObject({ number: { old: number, new: null } });
  });

  it('records nothing for a delete the database refuses (still referenced)', async () => {
    const number = await create();
    await kind.reference(number);
    const res = await t.request(admin, { method: 'DELETE', url: `${base}/${number}` });
    expect(res.statusCode).toBe(409);
    // The delete entry was written before the refused statement: the rollback took it along.
    expect((await getHistory(t, admin, kind.entity, number)).map((e) => e.action)).toEqual(['create']);
  });

  it('records nothing for a save refused with errors or a duplicate number', async () => {
    const number = await create();
    await t.request(admin, {
      method: 'PUT',
      url: `${base}/${number}`,
      payload: { ...kind.body(number), name: '' },
    });
    await t.request(admin, { method: 'POST', url: base, payload: kind.body(number) });
    expect(await countEntries(t, kind.entity, [number])).toBe(1);
  });
});

describe('users in the audit trail', () => {
  const newUser = (emailAddress: string) => ({
    emailAddress,
    password: 'Ein-neues-Passwort-42',
    isAdmin: true,
    isActive: true,
    creditorNumber: null,
  });
  const createViaApi = async (emailAddress: string) => {
    const res = await t.request(admin, { method: 'POST', url: '/api/users', payload: newUser(emailAddress) });
    return (res.json() as { id: number }).id;
  };

  it('records a create with the password only as changed', async () => {
    const id = await createViaApi('pruefer@test.example');
    const [entry] = await getHistory(t, admin, 'user', id);
    expect(entry).toMatchObject({ action: 'create', userEmailAddress: ADMIN_EMAIL });
    expect(entry!.changes).toEqual({
      emailAddress: { old: null, new: 'pruefer@test.example' },
      isAdmin: { old: null, new: true },
      isActive: { old: null, new: true },
      password: { changed: true },
    });
  });

  it('records a password change as {"changed": true}, never a value or hash', async () => {
    const id = await createViaApi('kasse@test.example');
    const res = await t.request(admin, {
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: {
        ...newUser('kasse@test.example'),
        password: 'Ganz-anderes-Passwort-7',
        isAdmin: false,
        creditorNumber: null,
      },
    });
    // A supplier needs a creditor: refused, so nothing is recorded.
    expect(res.json()).not.toEqual([]);
    expect(await countEntries(t, 'user', [id])).toBe(1);

    const ok = await t.request(admin, {
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { ...newUser('kasse2@test.example'), password: 'Ganz-anderes-Passwort-7' },
    });
    expect(ok.json()).toEqual([]);
    const [entry] = await getHistory(t, admin, 'user', id);
    expect(entry!.changes).toEqual({
      emailAddress: { old: 'kasse@test.example', new: 'kasse2@test.example' },
      password: { changed: true },
    });
    const { rows } = await t.db.execute<{ text: string }>(
      sql`select changes::text as text from audit_entries where entity = 'user' and entity_key = ${id}`,
    );
    for (const { text } of rows) {
      expect(text).not.toContain('Ganz-anderes-Passwort-7');
      expect(text).not.toContain('$argon2');
    }
  });

  it('records a user’s change of its own record by that user', async () => {
    const supplier = await createUser(t.db);
    const token = await t.login(supplier.emailAddress);
    const res = await t.request(token, {
      method: 'PUT',
      url: `/api/users/${supplier.id}`,
      payload: {
        emailAddress: `neu-${supplier.emailAddress}`,
        currentPassword: 'Test-Passwort-123',
        isAdmin: false,
        isActive: true,
        creditorNumber: supplier.creditorNumber,
      },
    });
    expect(res.json()).toEqual([]);
    const [entry] = await getHistory(t, admin, 'user', supplier.id);
    expect(entry).toMatchObject({ action: 'update', userEmailAddress: supplier.emailAddress });
    expect(entry!.changes).toEqual({
      emailAddress: { old: supplier.emailAddress, new: `neu-${supplier.emailAddress}` },
    });
  });

  it('records a delete, and nothing for a refused one (oneself)', async () => {
    const supplier = await createUser(t.db);
    expect((await t.request(admin, { method: 'DELETE', url: `/api/users/${supplier.id}` })).statusCode).toBe(
      204,
    );
    const [entry] = await getHistory(t, admin, 'user', supplier.id);
    expect(entry).toMatchObject({ action: 'delete' });
    expect(entry!.changes).toMatchObject({ emailAddress: { old: supplier.emailAddress, new: null } });

    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id from users where lower(email_address) = ${ADMIN_EMAIL}`,
    );
    const adminId = rows[0]!.id;
    expect((await t.request(admin, { method: 'DELETE', url: `/api/users/${adminId}` })).statusCode).toBe(409);
    expect(await countEntries(t, 'user', [adminId])).toBe(0);
  });
});
