// The reminder plan's preview and run for one date (decisions.md section 13). A date that is the
// N-th working day after a month ended is due the plan's latest step of at most N working days: a day
// the scheduler missed (every server down) is caught up the next working day, and a later step
// replaces one not sent in time. Each creditor gets a step of a month once (reminders.repository).
import { monthStart, addMonths } from '@lp/domain/reporting-status';
import { reminderMail } from '@lp/domain/mail-texts';
import type { ReminderPlan, ReminderPreview } from '@lp/domain/reminder-plan';
import type { Db, DbOrTx } from '../../db/connection';
import type { Mailer } from '../mail/index';
import { findMissingReports } from './missing-reports';
import {
  alreadySent,
  claimSends,
  linkSendToMail,
  listSends,
  readPlan,
  writePlan,
} from './reminders.repository';
import { nthWorkingDayAfter, workingDayOfMonth } from './working-days';

/** The month a date reminds of: the one before it. */
const previousMonth = (date: string) => addMonths(date.slice(0, 7), -1);

/** The German noon of a day: the moment the missing months are judged at. */
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

function dueStep(plan: ReminderPlan, workingDay: number | null) {
  if (workingDay === null) return undefined;
  return plan.steps.filter((s) => s.workingDay <= workingDay).at(-1);
}

async function dueItems(db: DbOrTx, mailer: Mailer, plan: ReminderPlan, date: string) {
  const workingDay = workingDayOfMonth(date, mailer.config.holidayState);
  const step = dueStep(plan, workingDay);
  const month = previousMonth(date);
  if (!step) return { workingDay, step, month, creditors: [] };
  const missing = (await findMissingReports(db, { month, now: noonOf(date) })).filter(
    (c) => c.recipients.length > 0,
  );
  const sent = await alreadySent(
    db,
    missing.map((c) => c.number),
    monthStart(month),
    step.workingDay,
  );
  return { workingDay, step, month, creditors: missing.filter((c) => !sent.has(c.number)) };
}

export async function previewReminders(
  db: Db,
  mailer: Mailer,
  demo: boolean,
  date: string,
): Promise<ReminderPreview> {
  const plan = await readPlan(db, demo);
  const { workingDay, step, month, creditors } = await dueItems(db, mailer, plan, date);
  return {
    date,
    workingDay,
    enabled: plan.enabled,
    holidayState: mailer.config.holidayState,
    month,
    stepDays: plan.steps.map((s) => ({
      workingDay: s.workingDay,
      date: nthWorkingDayAfter(month, s.workingDay, mailer.config.holidayState),
    })),
    items: creditors.map((c) => ({
      creditorNumber: c.number,
      creditorName: c.name,
      month,
      workingDay: step!.workingDay,
      to: c.recipients,
    })),
  };
}

/** Queues the reminders due on `date`; a paused plan queues none. Returns how many were queued. */
export async function runReminders(db: Db, mailer: Mailer, demo: boolean, date: string): Promise<number> {
  return db.transaction(async (tx) => {
    const plan = await readPlan(tx, demo);
    if (!plan.enabled) return 0;
    const { step, month, creditors } = await dueItems(tx, mailer, plan, date);
    if (!step) return 0;
    const claimed = new Set(
      await claimSends(
        tx,
        creditors.map((c) => c.number),
        monthStart(month),
        step.workingDay,
      ),
    );
    const link = mailer.link('/');
    for (const creditor of creditors) {
      if (!claimed.has(creditor.number)) continue;
      const mail = reminderMail(
        {
          creditorName: creditor.name,
          lastUpload: creditor.lastUpload,
          missingMonths: creditor.missingMonths,
        },
        month,
        link,
        step.text,
      );
      const id = await mailer.queue(tx, { kind: 'reminder', to: creditor.recipients, ...mail });
      await linkSendToMail(tx, creditor.number, monthStart(month), step.workingDay, id);
    }
    return claimed.size;
  });
}

/** The plan as stored (or the default: on in the demo, off elsewhere). */
export const reminderPlan = (db: Db, demo: boolean) => readPlan(db, demo);

export async function saveReminderPlan(db: Db, plan: ReminderPlan, demo: boolean) {
  await writePlan(db, plan);
  return readPlan(db, demo);
}

/** The reminders sent for the months from `from` up to and including `until` (the Meldestatus). */
export async function sentReminders(db: Db, from: string, until: string) {
  const rows = await listSends(db, monthStart(from), monthStart(addMonths(until, 1)));
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
}
