import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USER_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES } from '@lp/domain/messages';
import { createUser } from '../../../test/factories';
import { ADMIN_EMAIL, TEST_PASSWORD, useTestApp } from '../../../test/test-app';
import { users } from '../../db/schema';

const t = useTestApp();

const stored = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const put = (token: string, id: number, payload: object) =>
  t.request(token, { method: 'PUT', url: `/api/users/${id}`, payload });
const post = (token: string, payload: object) =>
  t.request(token, { method: 'POST', url: '/api/users', payload });

const currentRequired = [
  { property: USER_LABELS.currentPassword, message: MASTER_DATA_MESSAGES.currentPasswordRequired },
];
const currentWrong = [
  { property: USER_LABELS.currentPassword, message: MASTER_DATA_MESSAGES.currentPasswordWrong },
];
const tooCommon = [{ property: USER_LABELS.password, message: MASTER_DATA_MESSAGES.passwordTooCommon }];

describe('changing one’s own password or e-mail address needs the current password', () => {
  it('refuses a new own password without or with a wrong current password, storing nothing', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    const body = { emailAddress: user.emailAddress, password: 'Ganz-neues-Kennwort-7' };

    expect((await put(token, user.id, body)).json()).toEqual(currentRequired);
    expect((await put(token, user.id, { ...body, currentPassword: '' })).json()).toEqual(currentRequired);
    expect((await put(token, user.id, { ...body, currentPassword: 'Falsches-Kennwort-1' })).json()).toEqual(
      currentWrong,
    );
    const after = await stored(user.id);
    expect(after.passwordHash).toBe(user.passwordHash);
    expect(after.tokenVersion).toBe(user.tokenVersion);
    expect(await t.login(user.emailAddress)).toBeTruthy();

    expect((await put(token, user.id, { ...body, currentPassword: TEST_PASSWORD })).json()).toEqual([]);
    expect(await t.login(user.emailAddress, body.password)).toBeTruthy();
  });

  it('refuses a new own e-mail address without the current password; letter case alone is no change', async () => {
    const user = await createUser(t.db);
    const token = await t.login(user.emailAddress);
    const other = `anders-${Date.now()}@lieferant.example`;
    expect((await put(token, user.id, { emailAddress: other })).json()).toEqual(currentRequired);
    expect((await stored(user.id)).emailAddress).toBe(user.emailAddress);

    const upper = user.emailAddress.toUpperCase();
    expect((await put(token, user.id, { emailAddress: upper })).json()).toEqual([]);
    expect(
      (await put(token, user.id, { emailAddress: other, currentPassword: TEST_PASSWORD })).json(),
    ).toEqual([]);
    expect((await stored(user.id)).emailAddress).toBe(other);
  });

  it('asks admins for their own current password too, but not when they change other users', async () => {
    const self = await createUser(t.db, { isAdmin: true });
    const adminToken = await t.login(self.emailAddress);
    expect(
      (
        await put(adminToken, self.id, { emailAddress: self.emailAddress, password: 'Admin-Kennwort-neu-9' })
      ).json(),
    ).toEqual(currentRequired);

    const other = await createUser(t.db);
    const res = await put(await t.login(ADMIN_EMAIL), other.id, {
      emailAddress: `umbenannt-${Date.now()}@lieferant.example`,
      password: 'Vom-Admin-gesetzt-42',
    });
    expect(res.json()).toEqual([]);
  });
});

describe('new passwords are no common ones', () => {
  const weak = ['passwort123', 'Passwort2026!', 'qwertzuiop', '1234567890', 'ichliebedich', 'Password1234'];

  it('refuses them when creating a user, with the German message, and stores nothing', async () => {
    const token = await t.login(ADMIN_EMAIL);
    for (const password of weak) {
      const res = await post(token, {
        emailAddress: `neu-${Math.random()}@lieferant.example`,
        password,
        isAdmin: true,
      });
      expect(res.json(), password).toEqual({ id: null, errors: tooCommon });
    }
  });

  it('refuses them when changing a password', async () => {
    const user = await createUser(t.db);
    const token = await t.login(ADMIN_EMAIL);
    for (const password of weak) {
      expect(
        (await put(token, user.id, { emailAddress: user.emailAddress, password })).json(),
        password,
      ).toEqual(tooCommon);
    }
    expect((await stored(user.id)).passwordHash).toBe(user.passwordHash);
  });
});

describe('new passwords are not made of a few characters, nor the e-mail address', () => {
  it('refuses them when creating a user and when suppliers change their own, storing nothing', async () => {
    const token = await t.login(ADMIN_EMAIL);
    const fewCharacters = [
      { property: USER_LABELS.password, message: MASTER_DATA_MESSAGES.passwordFewDistinctCharacters(5) },
    ];
    for (const password of ['1111111111', ' '.repeat(10), 'xxxxxxxxxxxx']) {
      const res = await post(token, {
        emailAddress: `neu-${Math.random()}@lieferant.example`,
        password,
        isAdmin: true,
      });
      expect(res.json(), JSON.stringify(password)).toEqual({ id: null, errors: fewCharacters });
    }
    const isAddress = [
      { property: USER_LABELS.password, message: MASTER_DATA_MESSAGES.passwordIsEmailAddress },
    ];
    const created = await post(token, {
      emailAddress: 'weak2@b.example',
      password: 'weak2@b.example',
      isAdmin: true,
    });
    expect(created.json()).toEqual({ id: null, errors: isAddress });

    const user = await createUser(t.db);
    const own = await t.login(user.emailAddress);
    const res = await put(own, user.id, {
      emailAddress: user.emailAddress,
      password: ' '.repeat(10),
      currentPassword: TEST_PASSWORD,
    });
    expect(res.json()).toEqual(fewCharacters);
    expect((await stored(user.id)).passwordHash).toBe(user.passwordHash);
  });
});
