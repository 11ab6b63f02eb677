// The reminder plan (Erinnerungsplan, decisions.md section 13): on the N-th working day after a month
// ends, every active creditor whose month is missing gets that step's reminder, each step once.
import { z } from 'zod';
import { HOLIDAY_STATES } from './holidays';
import { MESSAGES } from './messages';
import { containsForbiddenCharacter } from './text.schema';

export const REMINDER_STEPS_MAX = 5;
/** The latest working day a step may name: about a month after the month ended. */
export const REMINDER_WORKING_DAY_MAX = 20;
export const REMINDER_TEXT_MAX_LENGTH = 2000;

export const REMINDER_MESSAGES = {
  workingDay: `Bitte geben Sie einen Arbeitstag zwischen 1 und ${REMINDER_WORKING_DAY_MAX} an.`,
  duplicateWorkingDay: 'Jeder Arbeitstag darf nur einmal im Plan vorkommen.',
  tooManySteps: `Der Plan darf höchstens ${REMINDER_STEPS_MAX} Stufen haben.`,
  invalidDate: 'Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.',
};

const stepSchema = z.object(
  {
    workingDay: z
      .number({ error: REMINDER_MESSAGES.workingDay })
      .int({ error: REMINDER_MESSAGES.workingDay })
      .min(1, { error: REMINDER_MESSAGES.workingDay })
      .max(REMINDER_WORKING_DAY_MAX, { error: REMINDER_MESSAGES.workingDay }),
    text: z
      .string({ error: MESSAGES.malformedRequest })
      .trim()
      .max(REMINDER_TEXT_MAX_LENGTH, { error: MESSAGES.maxLength(REMINDER_TEXT_MAX_LENGTH) })
      .refine((text) => !containsForbiddenCharacter(text), { error: MESSAGES.forbiddenCharacter })
      .optional()
      .transform((text) => (text ? text : undefined)),
  },
  { error: MESSAGES.malformedRequest },
);

export const reminderPlanSchema = z
  .object(
    {
      enabled: z.boolean({ error: MESSAGES.malformedRequest }),
      steps: z
        .array(stepSchema, { error: MESSAGES.malformedRequest })
        .max(REMINDER_STEPS_MAX, { error: REMINDER_MESSAGES.tooManySteps }),
    },
    { error: MESSAGES.malformedRequest },
  )
  .refine((plan) => new Set(plan.steps.map((s) => s.workingDay)).size === plan.steps.length, {
    path: ['steps'],
    error: REMINDER_MESSAGES.duplicateWorkingDay,
  })
  .transform((plan) => ({ ...plan, steps: [...plan.steps].sort((a, b) => a.workingDay - b.workingDay) }));
export type ReminderPlan = z.output<typeof reminderPlanSchema>;
export type ReminderPlanInput = z.input<typeof reminderPlanSchema>;

/** Until an admin saves a plan: the 3rd and the 8th working day; on only in the demo. */
export function defaultReminderPlan(enabled: boolean): ReminderPlan {
  return {
    enabled,
    steps: [
      { workingDay: 3, text: undefined },
      { workingDay: 8, text: undefined },
    ],
  };
}

export const reminderPreviewItemSchema = z.object({
  creditorNumber: z.number().int(),
  creditorName: z.string(),
  month: z.string(),
  workingDay: z.number().int(),
  to: z.array(z.string()),
});
export const reminderPreviewSchema = z.object({
  date: z.string(),
  /** Which working day after the previous month the date is; null: no working day. */
  workingDay: z.number().int().nullable(),
  enabled: z.boolean(),
  /** HOLIDAY_STATE: whose public holidays are no working days. */
  holidayState: z.enum(HOLIDAY_STATES),
  /** The month the date reminds of (the one before it), 'YYYY-MM'. */
  month: z.string(),
  /** The day each step of the plan falls on after that month. */
  stepDays: z.array(z.object({ workingDay: z.number().int(), date: z.string() })),
  items: z.array(reminderPreviewItemSchema),
});
export type ReminderPreview = z.output<typeof reminderPreviewSchema>;

export const reminderRunSchema = z.object({ date: z.string(), queued: z.number().int() });
