import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@lp/domain/limits';
import { MASTER_DATA_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { createCreditor, createUser } from '../../../test/factories';
import { ADMIN_EMAIL, TEST_PASSWORD, useTestApp } from '../../../test/test-app';
import { users } from '../../db/schema';

const t = useTestApp();

const SECRET = /password|hash|argon/i;
const fieldError = (property: string, message: string) => ({ property, message });
const forbidden = { code: 'FORBIDDEN', errors: [fieldError('', MESSAGES.forbidden)] };
const loginAdmin = () => t.login(ADMIN_EMAIL);
const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
const findUser = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const get = (token: string | undefined, url: string) => t.request(token, { method: 'GET', url });
const post = (token: string | undefined, payload: unknown) =>
  t.request(token, { method: 'POST', url: '/api/users', payload: payload as object });
const put = (token: string | undefined, id: number, payload: unknown) =>
  t.request(token, { method: 'PUT', url: `/api/users/${id}`, payload: payload as object });
const del = (token: string | undefined, id: number) =>
  t.request(token, { method: 'DELETE', url: `/api/users/${id}` });
let emailSequence = 0;
const newEmail = () => `neu${++emailSequence}-${Date.now()}@lieferant.example`;

describe('/api/users: authentication', () => {
  it('answers 401 without a token on every route', async () => {
    const user = await createUser(t.db);
    const answers = await Promise.all([
      get(undefined, '/api/users'),
      get(undefined, `/api/users/${user.id}`),
      post(undefined, {
        emailAddress: newEmail(),
        password: TEST_PASSWORD,
        creditorNumber: user.creditorNumber,
      }),
      put(undefined, user.id, { emailAddress: user.emailAddress }),
      del(undefined, user.id),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(401);
    expect(await findUser(user.id)).toMatchObject({ emailAddress: user.emailAddress });
  });
});

describe('GET /api/users and /api/users/{id}', () => {
  it('lists every user for admins, never with a password or hash', async () => {
    const user = await createUser(t.db);
    const res = await get(await loginAdmin(), '/api/users');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(SECRET);
    expect(res.json()).toContainEqual({
      id: user.id,
      emailAddress: user.emailAddress,
      isAdmin: false,
      isActive: true,
      creditorNumber: user.creditorNumber,
    });
    expect(res.json()).toContainEqual(expect.objectContaining({ emailAddress: ADMIN_EMAIL, isAdmin: true }));
  });

  it('refuses the list to suppliers (403)', async () => {
    const supplier = await createUser(t.db);
    const res = await get(await t.login(supplier.emailAddress), '/api/users');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });

  it('lets admins read anyone: 404 for unknown ids, 400 for malformed ones', async () => {
    const token = await loginAdmin();
    const user = await createUser(t.db);
    const res = await get(token, `/api/users/${user.id}`);
    expect(res.json()).toMatchObject({ id: user.id, emailAddress: user.emailAddress });
    expect(res.body).not.toMatch(SECRET);
    expect((await get(token, '/api/users/987654')).statusCode).toBe(404);
    expect((await get(token, '/api/users/abc')).statusCode).toBe(400);
  });

  it('lets a supplier read itself only; any other id is 403, existing or not', async () => {
    const supplier = await createUser(t.db);
    const other = await createUser(t.db);
    const token = await t.login(supplier.emailAddress);
    const own = await get(token, `/api/users/${supplier.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toMatch(SECRET);
    for (const id of [other.id, 987654]) {
      const res = await get(token, `/api/users/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
  });
});

describe('POST /api/users', () => {
  it('creates a supplier who can log in; the answer holds no password', async () => {
    const creditor = await createCreditor(t.db);
    const emailAddress = newEmail();
    const res = await post(await loginAdmin(), {
      emailAddress,
      password: 'Ein-sicheres-Passwort',
      creditorNumber: creditor.number,
    });
    expect(res.statusCode).toBe(200);
    const { id, errors } = res.json();
    expect(errors).toEqual([]);
    expect(res.body).not.toMatch(SECRET);
    expect(await findUser(id)).toMatchObject({
      emailAddress,
      isAdmin: false,
      isActive: true,
      creditorNumber: creditor.number,
    });
    expect((await findUser(id))!.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(t.login(emailAddress, 'Ein-sicheres-Passwort')).resolves.toEqual(expect.any(String));
  });

  it('creates an admin without creditor', async () => {
    const res = await post(await loginAdmin(), {
      emailAddress: newEmail(),
      password: TEST_PASSWORD,
      isAdmin: true,
    });
    expect(res.json().errors).toEqual([]);
    expect(await findUser(res.json().id)).toMatchObject({ isAdmin: true, creditorNumber: null });
  });

  it('refuses an admin with a creditor under the creditor field and stores nothing', async () => {
    const token = await loginAdmin();
    const creditor = await createCreditor(t.db);
    const before = await countUsers();
    const emailAddress = newEmail();
    const res = await post(token, {
      emailAddress,
      password: TEST_PASSWORD,
      isAdmin: true,
      creditorNumber: creditor.number,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: null,
      errors: [fieldError('Lieferant/Kreditor', MASTER_DATA_MESSAGES.adminWithoutCreditor)],
    });
    expect(await countUsers()).toBe(before);
    // The creditor's urgency e-mail goes to its suppliers only.
    const addresses = await get(token, `/api/creditors/${creditor.number}/email-addresses`);
    expect(addresses.json()).not.toContain(emailAddress);
  });

  it('lists every problem under the German labels and stores nothing', async () => {
    const token = await loginAdmin();
    const before = await countUsers();
    expect((await post(token, {})).json()).toEqual({
      id: null,
      errors: [
        fieldError('E-Mail-Adresse', MESSAGES.required),
        fieldError('Passwort', MESSAGES.required),
        fieldError('Lieferant/Kreditor', MASTER_DATA_MESSAGES.creditorRequiredForSupplier),
      ],
    });
    const creditor = await createCreditor(t.db);
    const cases: [Record<string, unknown>, { property: string; message: string }][] = [
      [{ emailAddress: 'kein-at' }, fieldError('E-Mail-Adresse', MESSAGES.invalidEmail)],
      [
        { emailAddress: ADMIN_EMAIL.toUpperCase() },
        fieldError(
          'E-Mail-Adresse',
          MASTER_DATA_MESSAGES.alreadyExists('E-Mail-Adresse', ADMIN_EMAIL.toUpperCase()),
        ),
      ],
      [
        { creditorNumber: 699_999 },
        fieldError('Lieferant/Kreditor', MASTER_DATA_MESSAGES.creditorUnknown(699_999)),
      ],
      [{ creditorNumber: -4 }, fieldError('Lieferant/Kreditor', MESSAGES.positiveInteger)],
      [
        { password: 'k'.repeat(PASSWORD_MIN_LENGTH - 1) },
        fieldError('Passwort', MESSAGES.minLength(PASSWORD_MIN_LENGTH)),
      ],
      [
        { password: 'l'.repeat(PASSWORD_MAX_LENGTH + 1) },
        fieldError('Passwort', MESSAGES.maxLength(PASSWORD_MAX_LENGTH)),
      ],
      [
        { password: ' '.repeat(PASSWORD_MIN_LENGTH - 1) },
        fieldError('Passwort', MESSAGES.minLength(PASSWORD_MIN_LENGTH)),
      ],
    ];
    for (const [change, error] of cases) {
      const body = {
        emailAddress: newEmail(),
        password: TEST_PASSWORD,
        creditorNumber: creditor.number,
        ...change,
      };
      expect((await post(token, body)).json()).toEqual({ id: null, errors: [error] });
    }
    expect(await countUsers()).toBe(before);
  });

  it('keeps passwords exactly as typed: spaces count, any characters, up to the maximum length', async () => {
    const token = await loginAdmin();
    const creditor = await createCreditor(t.db);
    const spaced = { emailAddress: newEmail(), password: '  Leerzeichen  ' };
    expect((await post(token, { ...spaced, creditorNumber: creditor.number })).json().errors).toEqual([]);
    await expect(t.login(spaced.emailAddress, spaced.password)).resolves.toEqual(expect.any(String));
    await expect(t.login(spaced.emailAddress, spaced.password.trim())).rejects.toThrow();

    const longest = {
      emailAddress: newEmail(),
      password: 'ä€😀;"=<'.repeat(30).slice(0, PASSWORD_MAX_LENGTH),
    };
    expect((await post(token, { ...longest, creditorNumber: creditor.number })).json().errors).toEqual([]);
    await expect(t.login(longest.emailAddress, longest.password)).resolves.toEqual(expect.any(String));
  });

  it('answers 400 with German messages for wrong JSON types', async () => {
    const before = await countUsers();
    for (const [payload, property, message] of [
      [{ emailAddress: 42 }, 'E-Mail-Adresse', MESSAGES.malformedRequest],
      [{ isAdmin: 'true' }, 'Administrator', MESSAGES.malformedRequest],
      [{ creditorNumber: '70001' }, 'Lieferant/Kreditor', MESSAGES.notANumber],
      [[], '', MESSAGES.malformedRequest],
    ] as const) {
      const res = await post(await loginAdmin(), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'MALFORMED_REQUEST', errors: [fieldError(property, message)] });
    }
    expect(await countUsers()).toBe(before);
  });

  it('refuses suppliers (403) and stores nothing', async () => {
    const supplier = await createUser(t.db);
    const before = await countUsers();
    const res = await post(await t.login(supplier.emailAddress), {
      emailAddress: newEmail(),
      password: TEST_PASSWORD,
      isAdmin: true,
    });
    expect(res.statusCode).toBe(403);
    expect(await countUsers()).toBe(before);
  });
});

describe('PUT /api/users/{id} by an admin', () => {
  it('changes address, flags and creditor and answers the (empty) errors list', async () => {
    const user = await createUser(t.db);
    const creditor = await createCreditor(t.db);
    const emailAddress = newEmail();
    const res = await put(await loginAdmin(), user.id, {
      emailAddress,
      password: '',
      isAdmin: false,
      isActive: true,
      creditorNumber: creditor.number,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(await findUser(user.id)).toMatchObject({ emailAddress, creditorNumber: creditor.number });
  });

  it('keeps the password when it is empty or absent, and the tokens stay valid', async () => {
    const user = await createUser(t.db);
    const userToken = await t.login(user.emailAddress);
    const token = await loginAdmin();
    expect((await put(token, user.id, { emailAddress: user.emailAddress, password: '' })).json()).toEqual([]);
    expect((await put(token, user.id, { emailAddress: user.emailAddress })).json()).toEqual([]);
    expect((await findUser(user.id))!.passwordHash).toBe(user.passwordHash);
    expect((await get(userToken, `/api/users/${user.id}`)).statusCode).toBe(200);
  });

  it('keeps stored values for absent fields: a partial body never demotes an admin', async () => {
    const other = await createUser(t.db, { isAdmin: true });
    expect((await put(await loginAdmin(), other.id, { emailAddress: other.emailAddress })).json()).toEqual(
      [],
    );
    expect(await findUser(other.id)).toMatchObject({ isAdmin: true, isActive: true });
  });

  it('revokes the tokens at once when the password changes', async () => {
    const user = await createUser(t.db);
    const userToken = await t.login(user.emailAddress);
    const res = await put(await loginAdmin(), user.id, {
      emailAddress: user.emailAddress,
      password: 'Neues-Passwort-1',
    });
    expect(res.json()).toEqual([]);
    expect((await get(userToken, `/api/users/${user.id}`)).statusCode).toBe(401);
    await expect(t.login(user.emailAddress)).rejects.toThrow();
    await expect(t.login(user.emailAddress, 'Neues-Passwort-1')).resolves.toEqual(expect.any(String));
  });

  it('revokes the tokens at once on deactivation', async () => {
    const user = await createUser(t.db);
    const userToken = await t.login(user.emailAddress);
    expect(
      (await put(await loginAdmin(), user.id, { emailAddress: user.emailAddress, isActive: false })).json(),
    ).toEqual([]);
    expect((await findUser(user.id))!.tokenVersion).toBe(user.tokenVersion + 1);
    expect((await get(userToken, `/api/users/${user.id}`)).statusCode).toBe(401);
    await expect(t.login(user.emailAddress)).rejects.toThrow();
  });

  it('refuses an address another user has (any case), not the user its own', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const token = await loginAdmin();
    const taken = other.emailAddress.toUpperCase();
    expect((await put(token, user.id, { emailAddress: taken })).json()).toEqual([
      fieldError('E-Mail-Adresse', MASTER_DATA_MESSAGES.alreadyExists('E-Mail-Adresse', taken)),
    ]);
    expect((await put(token, user.id, { emailAddress: user.emailAddress.toUpperCase() })).json()).toEqual([]);
  });

  it('refuses making a supplier an admin that keeps a named creditor; without one it drops the creditor', async () => {
    const user = await createUser(t.db);
    const token = await loginAdmin();
    const promote = { emailAddress: user.emailAddress, isAdmin: true };
    expect((await put(token, user.id, { ...promote, creditorNumber: user.creditorNumber })).json()).toEqual([
      fieldError('Lieferant/Kreditor', MASTER_DATA_MESSAGES.adminWithoutCreditor),
    ]);
    expect(await findUser(user.id)).toMatchObject({ isAdmin: false, creditorNumber: user.creditorNumber });
    expect((await put(token, user.id, promote)).json()).toEqual([]);
    expect(await findUser(user.id)).toMatchObject({ isAdmin: true, creditorNumber: null });
  });

  it('requires a creditor for non-admins and refuses an unknown one', async () => {
    const user = await createUser(t.db);
    const token = await loginAdmin();
    expect(
      (await put(token, user.id, { emailAddress: user.emailAddress, creditorNumber: null })).json(),
    ).toEqual([fieldError('Lieferant/Kreditor', MASTER_DATA_MESSAGES.creditorRequiredForSupplier)]);
    expect(
      (await put(token, user.id, { emailAddress: user.emailAddress, creditorNumber: 699_999 })).json(),
    ).toEqual([fieldError('Lieferant/Kreditor', MASTER_DATA_MESSAGES.creditorUnknown(699_999))]);
    expect((await findUser(user.id))!.creditorNumber).toBe(user.creditorNumber);
  });

  it('does not let an admin remove its own admin right or deactivate itself', async () => {
    const self = await createUser(t.db, {
      isAdmin: true,
      creditorNumber: (await createCreditor(t.db)).number,
    });
    const token = await t.login(self.emailAddress);
    const res = await put(token, self.id, {
      emailAddress: self.emailAddress,
      isAdmin: false,
      isActive: false,
    });
    expect(res.json()).toEqual([
      fieldError('Administrator', MASTER_DATA_MESSAGES.ownAdminRight),
      fieldError('Aktiv', MASTER_DATA_MESSAGES.ownDeactivation),
    ]);
    expect(await findUser(self.id)).toMatchObject({
      isAdmin: true,
      isActive: true,
      tokenVersion: self.tokenVersion,
    });
    expect(
      (
        await put(token, self.id, {
          emailAddress: self.emailAddress,
          password: 'Mein-neues-Passwort',
          currentPassword: TEST_PASSWORD,
        })
      ).json(),
    ).toEqual([]);
  });

  it('leaves an active admin when two admins demote each other at the same moment', async () => {
    // Only these two may be active admins for the race to matter.
    await t.db
      .update(users)
      .set({ isAdmin: false })
      .where(sql`${users.isAdmin} and ${users.emailAddress} <> ${ADMIN_EMAIL}`);
    const second = await createUser(t.db, { isAdmin: true });
    const firstToken = await loginAdmin();
    const secondToken = await t.login(second.emailAddress);
    const adminRow = (await t.db.select().from(users).where(eq(users.emailAddress, ADMIN_EMAIL)))[0]!;
    const { number: creditorNumber } = await createCreditor(t.db);
    const answers = await Promise.all([
      put(firstToken, second.id, { emailAddress: second.emailAddress, isAdmin: false, creditorNumber }),
      put(secondToken, adminRow.id, { emailAddress: ADMIN_EMAIL, isAdmin: false, creditorNumber }),
    ]);
    const activeAdmins = await t.db
      .select()
      .from(users)
      .where(sql`${users.isAdmin} and ${users.isActive}`);
    expect(activeAdmins).toHaveLength(1);
    const succeeded = answers.filter((res) => res.statusCode === 200 && res.json().length === 0);
    expect(succeeded).toHaveLength(1);
    // The other one lost the race: refused as the last admin, or (if it arrived later) no admin any more.
    const refused = answers.find((res) => !succeeded.includes(res))!;
    expect([
      JSON.stringify([fieldError('', MASTER_DATA_MESSAGES.lastAdmin)]),
      JSON.stringify(forbidden),
    ]).toContain(refused.body);
    // Restore the fixture admin for the following tests.
    await t.db.update(users).set({ isAdmin: true, creditorNumber: null }).where(eq(users.id, adminRow.id));
  });

  it('refuses (412) a save of a version another admin has changed: a deactivation is not undone', async () => {
    const user = await createUser(t.db);
    const [first, second] = [await loginAdmin(), await loginAdmin()];
    // Both admins open the user's page.
    const etag = (await get(first, `/api/users/${user.id}`)).headers.etag as string;
    expect((await get(second, `/api/users/${user.id}`)).headers.etag).toBe(etag);
    const save = (token: string, payload: object) =>
      t.request(token, {
        method: 'PUT',
        url: `/api/users/${user.id}`,
        payload,
        headers: { 'if-match': etag },
      });
    const deactivated = await save(first, { emailAddress: user.emailAddress, isActive: false });
    expect(deactivated.json()).toEqual([]);
    // The second saves the form it loaded before: still active, a new address.
    const stale = await save(second, { emailAddress: newEmail(), isActive: true });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().errors[0].message).toBe(MASTER_DATA_MESSAGES.versionConflict);
    expect(await findUser(user.id)).toMatchObject({ isActive: false, emailAddress: user.emailAddress });
  });

  it('answers 404 for an unknown user and 400 for wrong types', async () => {
    const token = await loginAdmin();
    expect((await put(token, 987654, { emailAddress: newEmail() })).statusCode).toBe(404);
    const user = await createUser(t.db);
    expect((await put(token, user.id, { isActive: 'nein' })).statusCode).toBe(400);
  });
});

describe('PUT /api/users/{id} by a supplier', () => {
  it('changes only its own address and password; flags and creditor it sends are ignored', async () => {
    const supplier = await createUser(t.db);
    const otherCreditor = await createCreditor(t.db);
    const token = await t.login(supplier.emailAddress);
    const emailAddress = newEmail();
    const res = await put(token, supplier.id, {
      emailAddress,
      password: 'Mein-neues-Passwort',
      currentPassword: TEST_PASSWORD,
      isAdmin: true,
      isActive: false,
      creditorNumber: otherCreditor.number,
    });
    expect(res.json()).toEqual([]);
    expect(await findUser(supplier.id)).toMatchObject({
      emailAddress,
      isAdmin: false,
      isActive: true,
      creditorNumber: supplier.creditorNumber,
    });
    // The password change revoked the old token; the new password works.
    expect((await get(token, `/api/users/${supplier.id}`)).statusCode).toBe(401);
    const fresh = await t.login(emailAddress, 'Mein-neues-Passwort');
    expect((await get(fresh, '/api/users')).statusCode).toBe(403);
  });

  it('is refused (403) for any other user, and nothing changes', async () => {
    const supplier = await createUser(t.db);
    const other = await createUser(t.db);
    const token = await t.login(supplier.emailAddress);
    for (const id of [other.id, 987654]) {
      const res = await put(token, id, { emailAddress: newEmail(), password: 'Gekapertes-Passwort' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect(await findUser(other.id)).toEqual(other);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user: its token is refused at once', async () => {
    const user = await createUser(t.db);
    const userToken = await t.login(user.emailAddress);
    const res = await del(await loginAdmin(), user.id);
    expect(res.statusCode).toBe(204);
    expect(await findUser(user.id)).toBeUndefined();
    expect((await get(userToken, `/api/users/${user.id}`)).statusCode).toBe(401);
    expect((await del(await loginAdmin(), user.id)).statusCode).toBe(404);
  });

  it('refuses (412, nothing removed) deleting a user another admin has changed since it was loaded', async () => {
    const user = await createUser(t.db);
    const [first, second] = [await loginAdmin(), await loginAdmin()];
    const etag = (await get(second, `/api/users/${user.id}`)).headers.etag as string;
    const emailAddress = newEmail();
    expect((await put(first, user.id, { emailAddress, isActive: true })).json()).toEqual([]);
    const remove = (ifMatch: string) =>
      t.request(second, { method: 'DELETE', url: `/api/users/${user.id}`, headers: { 'if-match': ifMatch } });
    const stale = await remove(etag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({
      code: 'PRECONDITION_FAILED',
      errors: [fieldError('', MASTER_DATA_MESSAGES.versionConflictOnDelete)],
    });
    expect(await findUser(user.id)).toMatchObject({ emailAddress });
    const current = (await get(second, `/api/users/${user.id}`)).headers.etag as string;
    expect((await remove(current)).statusCode).toBe(204);
    expect(await findUser(user.id)).toBeUndefined();
  });

  it('does not let an admin delete itself (409)', async () => {
    const self = await createUser(t.db, { isAdmin: true });
    const res = await del(await t.login(self.emailAddress), self.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'OWN_ACCOUNT',
      errors: [
        fieldError('', MASTER_DATA_MESSAGES.userDeleteFailed),
        fieldError('', MASTER_DATA_MESSAGES.ownDeletion),
      ],
    });
    expect(await findUser(self.id)).toBeDefined();
  });

  it('refuses suppliers (403), also for themselves', async () => {
    const supplier = await createUser(t.db);
    const other = await createUser(t.db);
    const token = await t.login(supplier.emailAddress);
    for (const id of [supplier.id, other.id]) {
      const res = await del(token, id);
      expect(res.statusCode).toBe(403);
      expect(await findUser(id)).toBeDefined();
    }
  });
});
