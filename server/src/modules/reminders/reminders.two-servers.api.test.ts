// Two servers on one database, each with its own worker runner, run the reminder plan at the same
// moment through the job queue (as the hourly cron item does), and the mails go out through a real
// SMTP relay: each creditor receives one mail per step, however many runs there were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { connect } from '../../db/connection';
import { createTestApp, ADMIN_EMAIL, type TestApp } from '../../../test/test-app';
import { createCreditor, createUser } from '../../../test/factories';
import { eventually, mailConfig } from '../../../test/mail-support';
import { startTestRelay, type TestRelay } from '../../../test/smtp-relay';
import { REMINDER_TASK } from './reminders.task';
import { nthWorkingDayAfter } from './working-days';

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

const MONTH = '2026-10';
const DAY3 = nthWorkingDayAfter(MONTH, 3, 'HE');
const DAY8 = nthWorkingDayAfter(MONTH, 8, 'HE');

/** Queues `count` runs of the plan for `date` in one statement: both runners are woken at once. */
async function queueRuns(date: string, count: number) {
  await t.pool.query(
    `select graphile_worker.add_job($1, json_build_object('date', $2::text)) from generate_series(1, $3)`,
    [REMINDER_TASK, date, count],
  );
}

async function jobsLeft() {
  const { rows } = await t.pool.query<{ n: number }>(`select count(*)::int as n from graphile_worker.jobs`);
  return rows[0]!.n;
}

describe('the reminder run on two servers with their own worker runners', { timeout: 120_000 }, () => {
  it('delivers one mail per creditor and step through the relay', async () => {
    const saved = await t.request(admin, {
      method: 'PUT',
      url: '/api/reminders/plan',
      payload: { enabled: true, steps: [{ workingDay: 3 }, { workingDay: 8 }] },
    });
    expect(saved.statusCode).toBe(200);
    const creditors = await Promise.all(Array.from({ length: 15 }, () => createCreditor(t.db)));
    const users = [];
    for (const c of creditors) users.push(await createUser(t.db, { creditorNumber: c.number }));
    const addresses = users.map((u) => u.emailAddress);

    const second = connect(t.databaseUrl, 5);
    const other = await buildApp({ db: second.db, pool: second.pool, config: t.config });
    await other.ready();
    try {
      for (const day of [DAY3, DAY8]) {
        await queueRuns(day, 6);
        await eventually(async () => (await jobsLeft()) === 0, 60_000);
      }
      await relay.waitFor(addresses.length * 2, 30_000);
      // Nothing more arrives once every job (runs and deliveries) is done.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await jobsLeft()).toBe(0);

      const ours = relay.received.filter((m) => m.envelopeTo.some((to) => addresses.includes(to)));
      for (const address of addresses) {
        const mails = ours.filter((m) => m.envelopeTo.includes(address));
        expect(mails, address).toHaveLength(2);
        expect(mails.every((m) => m.envelopeTo.length === 1)).toBe(true);
      }
      expect(ours).toHaveLength(addresses.length * 2);

      const { rows } = await t.pool.query<{ step: number; n: number }>(
        `select step, count(*)::int as n from reminder_sends where creditor_number = any($1::int[])
         group by step order by step`,
        [creditors.map((c) => c.number)],
      );
      expect(rows).toEqual([
        { step: 3, n: creditors.length },
        { step: 8, n: creditors.length },
      ]);
      const states = await t.pool.query<{ state: string; n: number }>(
        `select state, count(*)::int as n from mail_outbox where kind = 'reminder' group by state`,
      );
      expect(states.rows).toEqual([{ state: 'sent', n: creditors.length * 2 }]);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
