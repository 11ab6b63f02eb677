// The scheduler: graphile-worker's cron item queues this task once an hour for all servers together
// (its known_crontabs table), and the task runs the plan for Germany's today from 07:00 on. Running
// more often than once a day is harmless (each step once per creditor and month) and lets a day whose
// early hours every server missed still send.
import type { Task } from 'graphile-worker';
import { todayIsoDay } from '@lp/domain/dates';
import { isoDaySchema } from '@lp/domain/mail-requests';
import type { Db } from '../../db/connection';
import type { Mailer } from '../mail/index';
import { runReminders } from './reminders.service';

export const REMINDER_TASK = 'reminders_run';
export const REMINDER_CRONTAB = `0 * * * * ${REMINDER_TASK} ?max=1`;
const FIRST_HOUR = 7;

function germanHour(now: Date): number {
  return Number(
    new Intl.DateTimeFormat('de-DE', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Berlin' }).format(
      now,
    ),
  );
}

/**
 * The cron item's job has no payload: it runs the plan for today from FIRST_HOUR on. A job queued with
 * `{"date": "YYYY-MM-DD"}` (an operator catching up a day, the two-servers test) runs that date.
 */
export function reminderTask(db: Db, mailer: Mailer, demo: boolean): Task {
  return async (payload) => {
    const date = (payload as { date?: unknown } | null)?.date;
    if (typeof date === 'string' && isoDaySchema.safeParse(date).success) {
      await runReminders(db, mailer, demo, date);
      return;
    }
    const now = new Date();
    if (germanHour(now) < FIRST_HOUR) return;
    await runReminders(db, mailer, demo, todayIsoDay(now));
  };
}
