// Invitations: an admin creates a user without a password and ticks "Einladung senden"; the user
// sets the first password through the link (the reset's confirm route), valid 7 days.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_RESET_MESSAGES } from '@lp/domain/messages';
import { passwordTokens, users } from '../../db/schema';
import { createTestApp, ADMIN_EMAIL, type TestApp } from '../../../test/test-app';
import { createCreditor, createUser } from '../../../test/factories';
import { mailConfig, outboxRows } from '../../../test/mail-support';

let t: TestApp & { close(): Promise<void> };
let admin: string;
beforeAll(async () => {
  t = await createTestApp(mailConfig(undefined));
  admin = await t.login(ADMIN_EMAIL);
});
afterAll(async () => t?.close());

const tokenOf = (text: string) => new URL(text.match(/https:\/\/\S+/)![0]).searchParams.get('token')!;

describe('invitations', () => {
  it('create a user without a password who sets it through the mailed link (7 days)', async () => {
    const creditor = await createCreditor(t.db);
    const emailAddress = `neu-${Date.now()}@example.org`;
    const res = await t.request(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { emailAddress, password: '', creditorNumber: creditor.number, sendInvitation: true },
    });
    expect(res.json()).toEqual({ id: expect.any(Number), errors: [] });
    const mail = (await outboxRows(t.db)).find(
      (m) => m.kind === 'invitation' && m.recipients[0] === emailAddress,
    );
    expect(mail!.subject).toBe('Einladung zum Lieferantenportal');
    expect(mail!.text).toContain('https://portal.example.org/reset-password?token=');
    const [token] = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, res.json().id));
    const days = await t.db.execute<{ d: number }>(
      sql`select extract(epoch from ${token!.expiresAt}::timestamptz - ${token!.createdAt}::timestamptz) / 86400 as d`,
    );
    expect(Number(days.rows[0]!.d)).toBeCloseTo(7, 3);

    const set = await t.request(undefined, {
      method: 'POST',
      url: '/api/password-reset/confirm',
      payload: { token: tokenOf(mail!.text), password: 'Mein-erstes-Kennwort' },
    });
    expect(set.statusCode).toBe(200);
    expect(await t.login(emailAddress, 'Mein-erstes-Kennwort')).toBeTruthy();
  });

  it('still require a password without the invitation', async () => {
    const creditor = await createCreditor(t.db);
    const res = await t.request(admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        emailAddress: `ohne-${Date.now()}@example.org`,
        password: '',
        creditorNumber: creditor.number,
      },
    });
    expect(res.json().errors).toEqual([{ property: 'Passwort', message: MESSAGES.required }]);
  });
});

describe('POST /api/users/{id}/invitation', () => {
  it('answers 401, 403 to a supplier, 404 for an unknown and 409 for an inactive user', async () => {
    const user = await createUser(t.db);
    const url = `/api/users/${user.id}/invitation`;
    expect((await t.request(undefined, { method: 'POST', url })).statusCode).toBe(401);
    const supplier = await t.login(user.emailAddress);
    expect((await t.request(supplier, { method: 'POST', url })).statusCode).toBe(403);
    expect((await t.request(admin, { method: 'POST', url: '/api/users/999999/invitation' })).statusCode).toBe(
      404,
    );
    expect((await t.request(admin, { method: 'POST', url: '/api/users/abc/invitation' })).statusCode).toBe(
      400,
    );
    const inactive = await createUser(t.db, { isActive: false });
    const res = await t.request(admin, { method: 'POST', url: `/api/users/${inactive.id}/invitation` });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].message).toBe(PASSWORD_RESET_MESSAGES.invitationInactive);
  });

  it('sends a new link', async () => {
    const user = await createUser(t.db);
    const res = await t.request(admin, { method: 'POST', url: `/api/users/${user.id}/invitation` });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.invitationSent });
    const mails = (await outboxRows(t.db)).filter(
      (m) => m.kind === 'invitation' && m.recipients[0] === user.emailAddress,
    );
    expect(mails).toHaveLength(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isActive).toBe(true);
  });
});
