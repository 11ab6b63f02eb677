// The outbox (mail_outbox) and its delivery jobs. A mail is queued in the caller's transaction: its
// row and, when a relay is configured, its graphile-worker job commit together or not at all
// (decision 0065), so no event loses its mail and no rolled-back event sends one.
import { count, desc, eq, sql } from 'drizzle-orm';
import { MAIL_MAX_ATTEMPTS } from '@lp/domain/limits';
import type { MailKind, MailState, OutboxItem, OutboxMail } from '@lp/domain/mail';
import type { DbOrTx } from '../../db/connection';
import { mailOutbox } from '../../db/schema';
import { mailHtml, oneLine } from './mail.html';

/** The queue's task that delivers one outbox mail. */
export const DELIVER_TASK = 'mail_deliver';

export interface NewMail {
  kind: MailKind;
  to: readonly string[];
  subject: string;
  text: string;
}

/**
 * Stores the mail and, with a relay, its delivery job (job key `mail:<id>`: one job per mail). Returns
 * the outbox id. Runs in `tx`, the transaction of the event that causes the mail.
 */
export async function queueMail(tx: DbOrTx, mail: NewMail, relay: boolean): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      recipients: [...mail.to],
      subject: oneLine(mail.subject),
      text: mail.text,
      html: mailHtml(mail.text),
      state: relay ? 'queued' : 'unsent',
    })
    .returning({ id: mailOutbox.id });
  const id = row!.id;
  if (relay) {
    await tx.execute(
      sql`select graphile_worker.add_job(${DELIVER_TASK}, json_build_object('id', ${id}::int),
            job_key => ${`mail:${id}`}, max_attempts => ${MAIL_MAX_ATTEMPTS}::int)`,
    );
  }
  return id;
}

const itemColumns = {
  id: mailOutbox.id,
  createdAt: mailOutbox.createdAt,
  kind: mailOutbox.kind,
  to: mailOutbox.recipients,
  subject: mailOutbox.subject,
  state: mailOutbox.state,
  attempts: mailOutbox.attempts,
  sentAt: mailOutbox.sentAt,
  error: mailOutbox.error,
};

interface ItemRow {
  id: number;
  createdAt: Date;
  kind: string;
  to: string[];
  subject: string;
  state: string;
  attempts: number;
  sentAt: Date | null;
  error: string | null;
}

const toItem = (row: ItemRow): OutboxItem => ({
  ...row,
  kind: row.kind as MailKind,
  state: row.state as MailState,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** One page of the outbox, newest first. */
export async function listOutbox(
  db: DbOrTx,
  page: number,
  pageSize: number,
): Promise<{ items: OutboxItem[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(mailOutbox),
  ]);
  return { items: rows.map(toItem), total: total!.total };
}

export async function getOutboxMail(db: DbOrTx, id: number): Promise<OutboxMail | undefined> {
  const [row] = await db
    .select({ ...itemColumns, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row && { ...toItem(row), text: row.text };
}

/** The mail to deliver, locked until the caller's transaction ends (one delivery of it at a time). */
export async function lockMailForDelivery(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
  return row;
}

export async function markSent(tx: DbOrTx, id: number): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ state: 'sent', sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, error: null })
    .where(eq(mailOutbox.id, id));
}

/** A failed attempt: still queued (the queue retries it) or, after the last one, failed. */
export async function markAttemptFailed(tx: DbOrTx, id: number, error: string, last: boolean) {
  await tx
    .update(mailOutbox)
    .set({ state: last ? 'failed' : 'queued', attempts: sql`${mailOutbox.attempts} + 1`, error })
    .where(eq(mailOutbox.id, id));
}
