// The reminder plan: read and save it, preview and run it for a date; each creditor gets each step of
// a month once, however often it runs and on however many servers (two apps on one database here).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { REMINDER_MESSAGES } from '@lp/domain/reminder-plan';
import { buildApp } from '../../app';
import { connect } from '../../db/connection';
import { mailOutbox, reminderSends } from '../../db/schema';
import { createTestApp, ADMIN_EMAIL, type TestApp } from '../../../test/test-app';
import { createBooking, createCreditor, createUser } from '../../../test/factories';
import { mailConfig } from '../../../test/mail-support';
import { nthWorkingDayAfter } from './working-days';

let t: TestApp & { close(): Promise<void> };
let admin: string;

beforeAll(async () => {
  t = await createTestApp(mailConfig(undefined));
  admin = await t.login(ADMIN_EMAIL);
});
afterAll(async () => t?.close());

// October 2026 ended; the 3rd and 8th working days after it in Hessen.
const MONTH = '2026-10';
const DAY3 = nthWorkingDayAfter(MONTH, 3, 'HE');
const DAY8 = nthWorkingDayAfter(MONTH, 8, 'HE');
const plan = { enabled: true, steps: [{ workingDay: 8 }, { workingDay: 3, text: 'Bitte melden Sie bald.' }] };

const get = (token: string | undefined, url: string) => t.request(token, { method: 'GET', url });
const put = (token: string | undefined, payload: unknown) =>
  t.request(token, { method: 'PUT', url: '/api/reminders/plan', payload: payload as object });
const run = (token: string | undefined, date: string) =>
  t.request(token, { method: 'POST', url: `/api/reminders/run?date=${date}` });

async function sendsOf(creditorNumber: number) {
  return t.db.select().from(reminderSends).where(eq(reminderSends.creditorNumber, creditorNumber));
}

describe('the reminder plan routes', () => {
  it('answer 401 without a token and 403 to a supplier', async () => {
    const supplier = await t.login((await createUser(t.db)).emailAddress);
    for (const token of [undefined, supplier]) {
      const expected = token ? 403 : 401;
      expect((await get(token, '/api/reminders/plan')).statusCode).toBe(expected);
      expect((await put(token, plan)).statusCode).toBe(expected);
      expect((await get(token, `/api/reminders/preview?date=${DAY3}`)).statusCode).toBe(expected);
      expect((await run(token, DAY3)).statusCode).toBe(expected);
      expect((await get(token, `/api/reminders/sent?from=${MONTH}&until=${MONTH}`)).statusCode).toBe(
        expected,
      );
    }
  });

  it('default to the 3rd and 8th working day, paused outside the demo, and save a plan sorted', async () => {
    expect((await get(admin, '/api/reminders/plan')).json()).toEqual({
      enabled: false,
      steps: [{ workingDay: 3 }, { workingDay: 8 }],
    });
    const saved = await put(admin, plan);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      enabled: true,
      steps: [{ workingDay: 3, text: 'Bitte melden Sie bald.' }, { workingDay: 8 }],
    });
  });

  it('refuse a bad plan and a bad date (400, German), keeping the stored plan', async () => {
    for (const [body, message] of [
      [{ enabled: true, steps: [{ workingDay: 0 }] }, REMINDER_MESSAGES.workingDay],
      [
        { enabled: true, steps: [{ workingDay: 3 }, { workingDay: 3 }] },
        REMINDER_MESSAGES.duplicateWorkingDay,
      ],
      [{ enabled: 'ja', steps: [] }, MESSAGES.malformedRequest],
    ] as const) {
      const res = await put(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    expect((await get(admin, '/api/reminders/plan')).json().enabled).toBe(true);
    expect((await get(admin, '/api/reminders/preview?date=2026-02-30')).statusCode).toBe(400);
    expect((await run(admin, 'morgen')).statusCode).toBe(400);
  });
});

describe('preview and run', () => {
  it('remind each missing creditor once per step, nobody who reported, nothing on other days', async () => {
    await put(admin, plan);
    const missing = await createCreditor(t.db);
    const missingUser = await createUser(t.db, { creditorNumber: missing.number });
    const reported = await createCreditor(t.db);
    await createUser(t.db, { creditorNumber: reported.number });
    await createBooking(t.db, { creditorNumber: reported.number, invoiceDate: `${MONTH}-20` });

    const preview = (await get(admin, `/api/reminders/preview?date=${DAY3}`)).json();
    expect(preview).toMatchObject({
      date: DAY3,
      workingDay: 3,
      enabled: true,
      holidayState: 'HE',
      month: MONTH,
      stepDays: [
        { workingDay: 3, date: DAY3 },
        { workingDay: 8, date: DAY8 },
      ],
    });
    const item = preview.items.find((i: { creditorNumber: number }) => i.creditorNumber === missing.number);
    expect(item).toEqual({
      creditorNumber: missing.number,
      creditorName: missing.name,
      month: MONTH,
      workingDay: 3,
      to: [missingUser.emailAddress],
    });
    expect(preview.items.some((i: { creditorNumber: number }) => i.creditorNumber === reported.number)).toBe(
      false,
    );

    const first = await run(admin, DAY3);
    expect(first.statusCode).toBe(200);
    expect(first.json().queued).toBeGreaterThanOrEqual(1);
    expect((await run(admin, DAY3)).json().queued).toBe(0);
    expect(await sendsOf(missing.number)).toHaveLength(1);
    expect(await sendsOf(reported.number)).toHaveLength(0);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.kind} = 'reminder' and ${missingUser.emailAddress} = any(${mailOutbox.recipients})`,
      );
    expect(mail!.text).toContain('Bitte melden Sie bald.');
    expect(mail!.state).toBe('unsent');

    // The day after the 3rd working day: the 3rd step is done, the 8th not yet due.
    expect(
      (await get(admin, `/api/reminders/preview?date=${nthWorkingDayAfter(MONTH, 4, 'HE')}`)).json().items,
    ).toEqual([]);
    expect((await run(admin, DAY8)).json().queued).toBeGreaterThanOrEqual(1);
    expect((await sendsOf(missing.number)).map((s) => s.step).sort()).toEqual([3, 8]);

    const sent = (await get(admin, `/api/reminders/sent?from=${MONTH}&until=${MONTH}`)).json();
    expect(sent.filter((s: { creditorNumber: number }) => s.creditorNumber === missing.number)).toMatchObject(
      [
        { month: MONTH, workingDay: 3 },
        { month: MONTH, workingDay: 8 },
      ],
    );
  });

  it('sends nothing while the plan is paused, and nothing on a weekend or public holiday', async () => {
    const creditor = await createCreditor(t.db);
    await createUser(t.db, { creditorNumber: creditor.number });
    await put(admin, { ...plan, enabled: false });
    expect((await run(admin, DAY3)).json().queued).toBe(0);
    await put(admin, plan);
    // 25 December 2026 (a Friday) is a public holiday; 26 December 2026 a Saturday.
    for (const day of ['2026-12-25', '2026-12-26']) {
      const preview = (await get(admin, `/api/reminders/preview?date=${day}`)).json();
      expect(preview).toMatchObject({ workingDay: null, items: [] });
    }
    expect(await sendsOf(creditor.number)).toHaveLength(0);
  });
});

describe('two servers on one database', () => {
  it('send each creditor each step once when both run the plan at the same moment', async () => {
    await put(admin, plan);
    const creditors = await Promise.all(Array.from({ length: 20 }, () => createCreditor(t.db)));
    for (const c of creditors) await createUser(t.db, { creditorNumber: c.number });
    const second = connect(t.databaseUrl, 5);
    const other = await buildApp({ db: second.db, pool: second.pool, config: t.config });
    await other.ready();
    try {
      const runOn = (app: typeof other) =>
        app.inject({
          method: 'POST',
          url: `/api/reminders/run?date=${DAY8}`,
          headers: { authorization: `Bearer ${admin}` },
        });
      const answers = await Promise.all([runOn(t.app), runOn(other), runOn(t.app), runOn(other)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      for (const c of creditors) {
        const sends = await sendsOf(c.number);
        expect(sends.map((s) => s.step)).toEqual([8]);
      }
      const { rows } = await t.pool.query<{ n: number }>(
        `select count(*)::int as n from mail_outbox where kind = 'reminder' and recipients && $1::text[]`,
        [
          await Promise.all(
            creditors.map(
              async (c) =>
                (await t.db.query.users.findFirst({
                  where: (u, { eq: e }) => e(u.creditorNumber, c.number),
                }))!.emailAddress,
            ),
          ),
        ],
      );
      expect(rows[0]!.n).toBe(creditors.length);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
