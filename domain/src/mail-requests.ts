// The request bodies and queries of the server's urgency mails and the reminder plan's preview and
// run (decisions.md section 13), with German messages.
import { z } from 'zod';
import { isRealDate, todayIsoDay } from './dates';
import { MESSAGES, REPORTING_STATUS_MESSAGES } from './messages';
import { currentMonth } from './reporting-status';

export const MAIL_REQUEST_MESSAGES = {
  invalidDay: 'Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.',
  deadlinePast: 'Die Frist darf nicht in der Vergangenheit liegen.',
  monthInFuture: 'Der Monat darf nicht in der Zukunft liegen.',
  noActiveUsers: 'Der Kreditor hat keine aktiven Benutzer, an die die E-Mail gehen könnte.',
  creditorInactive: 'Der Kreditor ist nicht aktiv.',
  queued: (count: number) =>
    count === 1
      ? 'Eine E-Mail wurde in den Postausgang gestellt.'
      : `${count} E-Mails wurden in den Postausgang gestellt.`,
};

/** A calendar day 'YYYY-MM-DD'. */
export const isoDaySchema = z.string({ error: MAIL_REQUEST_MESSAGES.invalidDay }).refine(
  (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return !!m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
  },
  { error: MAIL_REQUEST_MESSAGES.invalidDay },
);

/** A deadline: a day from today (Germany) on. */
export const deadlineSchema = isoDaySchema.pipe(
  z.string().refine((day) => day >= todayIsoDay(), { error: MAIL_REQUEST_MESSAGES.deadlinePast }),
);

export const monthSchema = z
  .string({ error: REPORTING_STATUS_MESSAGES.invalidMonth })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: REPORTING_STATUS_MESSAGES.invalidMonth })
  .refine((month) => month >= '2000-01', { error: REPORTING_STATUS_MESSAGES.invalidMonth })
  .refine((month) => month <= currentMonth(), { error: MAIL_REQUEST_MESSAGES.monthInFuture });

export const creditorUrgencyMailSchema = z.object(
  { deadline: deadlineSchema },
  { error: MESSAGES.malformedRequest },
);
export const allUrgencyMailSchema = z.object(
  { deadline: deadlineSchema, month: monthSchema },
  { error: MESSAGES.malformedRequest },
);
export const dateQuerySchema = z.object({ date: isoDaySchema }, { error: MESSAGES.malformedRequest });

export const queuedResponseSchema = z.object({ queued: z.number().int(), message: z.string() });
