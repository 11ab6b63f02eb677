// The urgency e-mail sent by the server, through a real SMTP server: one mail per creditor to its
// active users, the deadline filled in and the missing months named; a name can never add a header.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_REQUEST_MESSAGES } from '@lp/domain/mail-requests';
import { MESSAGES } from '@lp/domain/messages';
import { addMonths, currentMonth, formatMonth, monthStart } from '@lp/domain/reporting-status';
import { creditors } from '../../db/schema';
import { createTestApp, ADMIN_EMAIL, type TestApp } from '../../../test/test-app';
import { createBooking, createCreditor, createUser } from '../../../test/factories';
import { outboxRows, mailConfig } from '../../../test/mail-support';
import { startTestRelay, type TestRelay } from '../../../test/smtp-relay';

let relay: TestRelay;
let t: TestApp & { close(): Promise<void> };
let admin: string;

beforeAll(async () => {
  relay = await startTestRelay();
  t = await createTestApp(mailConfig(relay.url));
  admin = await t.login(ADMIN_EMAIL);
});
afterAll(async () => {
  await t?.close();
  await relay?.stop();
});

const lastMonth = addMonths(currentMonth(), -1);
const deadline = '2099-12-31';
const post = (token: string | undefined, url: string, payload: unknown) =>
  t.request(token, { method: 'POST', url, payload: payload as object });

describe('POST /api/creditors/{number}/urgency-mail', () => {
  it('answers 401 without a token, 403 to a supplier (also of that creditor)', async () => {
    const creditor = await createCreditor(t.db);
    const supplier = await createUser(t.db, { creditorNumber: creditor.number });
    const url = `/api/creditors/${creditor.number}/urgency-mail`;
    expect((await post(undefined, url, { deadline })).statusCode).toBe(401);
    expect((await post(await t.login(supplier.emailAddress), url, { deadline })).statusCode).toBe(403);
  });

  it('refuses a bad or past deadline, an unknown creditor and one without active users; stores nothing', async () => {
    const creditor = await createCreditor(t.db);
    const url = `/api/creditors/${creditor.number}/urgency-mail`;
    const before = (await outboxRows(t.db)).length;
    for (const [body, message] of [
      [{ deadline: '31.12.2099' }, MAIL_REQUEST_MESSAGES.invalidDay],
      [{ deadline: '2099-02-30' }, MAIL_REQUEST_MESSAGES.invalidDay],
      [{ deadline: '2000-01-01' }, MAIL_REQUEST_MESSAGES.deadlinePast],
      [{}, MAIL_REQUEST_MESSAGES.invalidDay],
    ] as const) {
      const res = await post(admin, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].message).toBe(message);
    }
    expect((await post(admin, '/api/creditors/999999999/urgency-mail', { deadline })).statusCode).toBe(404);
    const none = await post(admin, url, { deadline });
    expect(none.statusCode).toBe(409);
    expect(none.json().errors[0].message).toBe(MAIL_REQUEST_MESSAGES.noActiveUsers);
    expect((await outboxRows(t.db)).length).toBe(before);
  });

  it('sends the urgency text to the active users, deadline filled in and missing months named', async () => {
    const creditor = await createCreditor(t.db);
    const one = await createUser(t.db, { creditorNumber: creditor.number });
    const two = await createUser(t.db, { creditorNumber: creditor.number });
    await createUser(t.db, { creditorNumber: creditor.number, isActive: false });
    // Reported two months ago; last month and the ten before that are missing.
    await createBooking(t.db, {
      creditorNumber: creditor.number,
      invoiceDate: monthStart(addMonths(lastMonth, -1)),
    });
    const count = relay.received.length;
    const res = await post(admin, `/api/creditors/${creditor.number}/urgency-mail`, { deadline });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 1, message: MAIL_REQUEST_MESSAGES.queued(1) });
    const [mail] = (await relay.waitFor(count + 1)).slice(count);
    expect(mail!.envelopeTo.sort()).toEqual([one.emailAddress, two.emailAddress].sort());
    expect(mail!.parsed.subject).toBe(`Bestellstatistik – ${creditor.name}`);
    const text = mail!.parsed.text!;
    expect(text).toContain('bis zum 31. Dezember 2099');
    expect(text).toContain(formatMonth(lastMonth));
    expect(text).not.toContain(formatMonth(addMonths(lastMonth, -1)));
    expect(text).not.toContain('[Datum');
  });
});

describe('POST /api/reporting-status/urgency-mail', () => {
  it('answers 401, 403 and 400 for a bad month or a month in the future', async () => {
    const url = '/api/reporting-status/urgency-mail';
    expect((await post(undefined, url, { deadline, month: lastMonth })).statusCode).toBe(401);
    const supplier = await createUser(t.db);
    expect(
      (await post(await t.login(supplier.emailAddress), url, { deadline, month: lastMonth })).statusCode,
    ).toBe(403);
    const future = await post(admin, url, { deadline, month: addMonths(currentMonth(), 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0].message).toBe(MAIL_REQUEST_MESSAGES.monthInFuture);
    expect((await post(admin, url, { deadline, month: '2025-13' })).statusCode).toBe(400);
  });

  it('writes one mail per active creditor whose month is missing, never one mail to all', async () => {
    const missing = [await createCreditor(t.db), await createCreditor(t.db)];
    const reported = await createCreditor(t.db);
    const inactive = await createCreditor(t.db, { isActive: false });
    const users = await Promise.all(
      [...missing, reported, inactive].map((c) => createUser(t.db, { creditorNumber: c.number })),
    );
    await createBooking(t.db, { creditorNumber: reported.number, invoiceDate: monthStart(lastMonth) });
    const before = (await outboxRows(t.db)).length;
    const res = await post(admin, '/api/reporting-status/urgency-mail', { deadline, month: lastMonth });
    expect(res.statusCode).toBe(202);
    const mails = (await outboxRows(t.db)).slice(before);
    expect(mails.every((m) => m.kind === 'urgency')).toBe(true);
    for (const user of users.slice(0, 2)) {
      expect(mails.filter((m) => m.recipients.includes(user.emailAddress)).map((m) => m.recipients)).toEqual([
        [user.emailAddress],
      ]);
    }
    const to = mails.flatMap((m) => m.recipients);
    expect(to).toContain(users[0]!.emailAddress);
    expect(to).toContain(users[1]!.emailAddress);
    expect(to).not.toContain(users[2]!.emailAddress);
    expect(to).not.toContain(users[3]!.emailAddress);
    expect(res.json().queued).toBe(mails.length);
  });
});

describe('header injection', () => {
  it('refuses a creditor name with a line break when stored through the API', async () => {
    const res = await post(admin, '/api/creditors', {
      number: 880001,
      name: 'X\r\nBcc: evil@example.org',
      isActive: true,
    });
    expect(res.json().errors).toEqual([{ property: 'Name', message: MESSAGES.lineBreak }]);
    expect(await t.db.select().from(creditors).where(eq(creditors.number, 880001))).toEqual([]);
  });

  it('never lets a name stored before the rule add a header to the mail', async () => {
    const creditor = await createCreditor(t.db, { name: 'X\r\nBcc: evil@example.org' });
    const user = await createUser(t.db, { creditorNumber: creditor.number });
    const url = `/api/creditors/${creditor.number}/urgency-mail`;
    expect((await post(admin, url, { deadline })).statusCode).toBe(202);
    const until = Date.now() + 20_000;
    const toUser = () => relay.received.find((m) => m.envelopeTo.includes(user.emailAddress));
    while (!toUser() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = toUser();
    expect(mail!.envelopeTo).toEqual([user.emailAddress]);
    const headers = mail!.raw.split(/\r\n\r\n/)[0]!;
    expect(headers).not.toMatch(/^bcc:/im);
    expect(mail!.parsed.bcc).toBeUndefined();
    expect(mail!.parsed.subject).toBe('Bestellstatistik – X Bcc: evil@example.org');
  });
});
