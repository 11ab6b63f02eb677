// The reminder plan (in app_settings) and the record of the reminders sent (reminder_sends), whose
// primary key (creditor, month, step) lets each step reach a creditor once whatever runs or servers.
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { defaultReminderPlan, reminderPlanSchema, type ReminderPlan } from '@lp/domain/reminder-plan';
import type { DbOrTx } from '../../db/connection';
import { appSettings, reminderSends } from '../../db/schema';

const PLAN_KEY = 'reminder_plan';

export async function readPlan(db: DbOrTx, enabledByDefault: boolean): Promise<ReminderPlan> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, PLAN_KEY));
  if (!row) return defaultReminderPlan(enabledByDefault);
  const parsed = reminderPlanSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : defaultReminderPlan(enabledByDefault);
}

export async function writePlan(db: DbOrTx, plan: ReminderPlan): Promise<void> {
  const value = JSON.stringify(plan);
  await db
    .insert(appSettings)
    .values({ key: PLAN_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/** The creditors among `numbers` that already got `step` for `month` (first day). */
export async function alreadySent(db: DbOrTx, numbers: number[], month: string, step: number) {
  if (numbers.length === 0) return new Set<number>();
  const rows = await db
    .select({ creditorNumber: reminderSends.creditorNumber })
    .from(reminderSends)
    .where(
      and(
        inArray(reminderSends.creditorNumber, numbers),
        eq(reminderSends.month, month),
        eq(reminderSends.step, step),
      ),
    );
  return new Set(rows.map((r) => r.creditorNumber));
}

/**
 * Claims `step` of `month` for each creditor: inserts the rows, skipping those another run already
 * has (also one not yet committed: the insert waits for it). Returns the creditors claimed now.
 */
export async function claimSends(db: DbOrTx, numbers: number[], month: string, step: number) {
  if (numbers.length === 0) return [];
  const rows = await db
    .insert(reminderSends)
    .values(numbers.map((creditorNumber) => ({ creditorNumber, month, step })))
    .onConflictDoNothing()
    .returning({ creditorNumber: reminderSends.creditorNumber });
  return rows.map((r) => r.creditorNumber);
}

export async function linkSendToMail(
  db: DbOrTx,
  creditorNumber: number,
  month: string,
  step: number,
  mailId: number,
) {
  await db
    .update(reminderSends)
    .set({ mailId })
    .where(
      and(
        eq(reminderSends.creditorNumber, creditorNumber),
        eq(reminderSends.month, month),
        eq(reminderSends.step, step),
      ),
    );
}

/** The reminders sent for the months starting in [fromDay, untilDayExclusive). */
export async function listSends(db: DbOrTx, fromDay: string, untilDayExclusive: string) {
  return db
    .select({
      creditorNumber: reminderSends.creditorNumber,
      month: sql<string>`to_char(${reminderSends.month}, 'YYYY-MM')`,
      workingDay: reminderSends.step,
      sentAt: reminderSends.sentAt,
    })
    .from(reminderSends)
    .where(and(gte(reminderSends.month, fromDay), lt(reminderSends.month, untilDayExclusive)))
    .orderBy(reminderSends.creditorNumber, reminderSends.month, reminderSends.step);
}
