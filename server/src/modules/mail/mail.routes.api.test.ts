// The outbox (Postausgang) and delivery through a real SMTP server: a queued mail arrives once and is
// marked sent; a relay that refuses or is down leaves it queued with the relay's answer, and once the
// relay is back it is delivered, once. Without SMTP_URL a mail is stored as `unsent`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { createTestApp, ADMIN_EMAIL, type TestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
import { eventually, mailConfig, outboxRow, outboxRows } from '../../../test/mail-support';
import { startTestRelay, type TestRelay } from '../../../test/smtp-relay';
import { queueMail } from './mail.outbox.repository';

let relay: TestRelay;
let t: TestApp & { close(): Promise<void> };

beforeAll(async () => {
  relay = await startTestRelay();
  t = await createTestApp(mailConfig(relay.url));
});
afterAll(async () => {
  await t?.close();
  await relay?.stop();
});

const mail = (subject: string) => ({
  kind: 'receipt' as const,
  to: ['empfaenger@example.org'],
  subject,
  text: 'Guten Tag,\n\nZeile <b>zwei</b> & mehr.',
});

describe('GET /api/mail/outbox', () => {
  it('answers 401 without a token and 403 to a supplier', async () => {
    expect((await t.request(undefined, { method: 'GET', url: '/api/mail/outbox' })).statusCode).toBe(401);
    expect((await t.request(undefined, { method: 'GET', url: '/api/mail/outbox/1' })).statusCode).toBe(401);
    const supplier = await createUser(t.db);
    const token = await t.login(supplier.emailAddress);
    expect((await t.request(token, { method: 'GET', url: '/api/mail/outbox' })).statusCode).toBe(403);
    expect((await t.request(token, { method: 'GET', url: '/api/mail/outbox/1' })).statusCode).toBe(403);
  });

  it('refuses a bad page and answers an unknown mail 404', async () => {
    const token = await t.login(ADMIN_EMAIL);
    for (const page of ['0', 'x', '-1', '1.5']) {
      const res = await t.request(token, { method: 'GET', url: `/api/mail/outbox?page=${page}` });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.request(token, { method: 'GET', url: '/api/mail/outbox/999999' })).statusCode).toBe(404);
    const zero = await t.request(token, { method: 'GET', url: '/api/mail/outbox/0' });
    expect(zero.statusCode).toBe(404);
    expect(zero.json()).toMatchObject({ errors: [{ message: MESSAGES.notFound }] });
  });

  it('delivers a queued mail once through the relay and lists it, newest first, with its text', async () => {
    const before = relay.received.length;
    const id = await t.db.transaction((tx) => queueMail(tx, mail('Erste Mail'), true));
    const received = await relay.waitFor(before + 1);
    const got = received.at(-1)!;
    expect(got.envelopeTo).toEqual(['empfaenger@example.org']);
    expect(got.parsed.subject).toBe('Erste Mail');
    expect(got.parsed.text?.trim()).toBe('Guten Tag,\n\nZeile <b>zwei</b> & mehr.');
    expect(got.parsed.html).toContain('Zeile &lt;b&gt;zwei&lt;/b&gt; &amp; mehr.');
    expect(got.parsed.messageId).toMatch(new RegExp(`^<outbox-${id}\\.\\d+@portal\\.example\\.org>$`));
    const row = await eventually(async () => {
      const r = await outboxRow(t.db, id);
      return r.state === 'sent' && r;
    });
    expect(row.attempts).toBe(1);

    const token = await t.login(ADMIN_EMAIL);
    const page = (await t.request(token, { method: 'GET', url: '/api/mail/outbox?page=1' })).json();
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.items[0]).toMatchObject({
      id,
      kind: 'receipt',
      to: ['empfaenger@example.org'],
      state: 'sent',
    });
    expect(page.items[0].text).toBeUndefined();
    const one = (await t.request(token, { method: 'GET', url: `/api/mail/outbox/${id}` })).json();
    expect(one).toMatchObject({ id, subject: 'Erste Mail', attempts: 1, error: null });
    expect(one.text).toBe('Guten Tag,\n\nZeile <b>zwei</b> & mehr.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(relay.received.length).toBe(before + 1);
  });

  it('stores nothing and queues no job when the transaction of the event rolls back', async () => {
    const count = (await outboxRows(t.db)).length;
    const jobs = async () =>
      (await t.pool.query(`select count(*)::int as n from graphile_worker.jobs`)).rows[0].n as number;
    const jobsBefore = await jobs();
    await expect(
      t.db.transaction(async (tx) => {
        await queueMail(tx, mail('Zurückgerollt'), true);
        throw new Error('event failed');
      }),
    ).rejects.toThrow('event failed');
    expect((await outboxRows(t.db)).length).toBe(count);
    expect(await jobs()).toBeLessThanOrEqual(jobsBefore);
  });

  it('keeps a mail the relay refuses queued with its answer, and delivers it once when it accepts', async () => {
    relay.refuse = '451 4.3.0 Bitte später erneut versuchen';
    const before = relay.received.length;
    const id = await t.db.transaction((tx) => queueMail(tx, mail('Abgelehnt'), true));
    const refused = await eventually(async () => {
      const r = await outboxRow(t.db, id);
      return r.attempts >= 1 && r;
    });
    expect(refused.state).toBe('queued');
    expect(refused.error).toContain('451');
    relay.refuse = undefined;
    const sent = await eventually(async () => {
      const r = await outboxRow(t.db, id);
      return r.state === 'sent' && r;
    });
    expect(sent.attempts).toBe(refused.attempts + 1);
    expect(relay.received.filter((m) => m.parsed.subject === 'Abgelehnt')).toHaveLength(1);
    expect(relay.received.length).toBe(before + 1);
  });

  it('keeps a mail queued while the relay is down and delivers it once when it is back', async () => {
    await relay.stop();
    const id = await t.db.transaction((tx) => queueMail(tx, mail('Relay war weg'), true));
    const failed = await eventually(async () => {
      const r = await outboxRow(t.db, id);
      return r.attempts >= 1 && r;
    });
    expect(failed.state).toBe('queued');
    expect(failed.error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    await relay.start();
    await eventually(async () => (await outboxRow(t.db, id)).state === 'sent');
    expect(relay.received.filter((m) => m.parsed.subject === 'Relay war weg')).toHaveLength(1);
  });
});

describe('without SMTP_URL', () => {
  let local: TestApp & { close(): Promise<void> };
  beforeAll(async () => {
    local = await createTestApp(mailConfig(undefined));
  });
  afterAll(async () => local?.close());

  it('stores the mail as unsent and shows it in the outbox', async () => {
    const id = await local.db.transaction((tx) => queueMail(tx, mail('Ohne Relay'), false));
    const token = await local.login(ADMIN_EMAIL);
    const one = (await local.request(token, { method: 'GET', url: `/api/mail/outbox/${id}` })).json();
    expect(one).toMatchObject({ state: 'unsent', attempts: 0, sentAt: null });
    const { rows } = await local.pool.query(`select count(*)::int as n from graphile_worker.jobs`);
    expect(rows[0].n).toBe(0);
  });
});
