// The urgency e-mail sent by the server (decisions.md sections 8 and 13): to all active users of one
// creditor, or one mail per active creditor whose month is missing (never one mail to all), the
// deadline filled in and the missing months named. Stored in one transaction with their jobs.
import { eq } from 'drizzle-orm';
import { MAIL_REQUEST_MESSAGES } from '@lp/domain/mail-requests';
import { urgencyMail } from '@lp/domain/mail-texts';
import type { Db } from '../../db/connection';
import { creditors } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../mail/index';
import { findMissingReports, type CreditorMissing } from '../reminders/index';

async function queueUrgencyMails(db: Db, mailer: Mailer, targets: CreditorMissing[], deadline: string) {
  const withUsers = targets.filter((c) => c.recipients.length > 0);
  await db.transaction(async (tx) => {
    for (const creditor of withUsers) {
      const mail = urgencyMail(
        {
          creditorName: creditor.name,
          lastUpload: creditor.lastUpload,
          missingMonths: creditor.missingMonths,
        },
        deadline,
      );
      await mailer.queue(tx, { kind: 'urgency', to: creditor.recipients, ...mail });
    }
  });
  return withUsers.length;
}

export async function sendCreditorUrgencyMail(db: Db, mailer: Mailer, number: number, deadline: string) {
  const [creditor] = await db
    .select({ isActive: creditors.isActive })
    .from(creditors)
    .where(eq(creditors.number, number));
  if (!creditor) throw AppError.notFound();
  if (!creditor.isActive) throw AppError.of('CREDITOR_INACTIVE', MAIL_REQUEST_MESSAGES.creditorInactive);
  const targets = await findMissingReports(db, { creditorNumber: number });
  if (targets[0]?.recipients.length === 0)
    throw AppError.of('NO_ACTIVE_USERS', MAIL_REQUEST_MESSAGES.noActiveUsers);
  return queueUrgencyMails(db, mailer, targets, deadline);
}

export async function sendMissingUrgencyMails(db: Db, mailer: Mailer, month: string, deadline: string) {
  return queueUrgencyMails(db, mailer, await findMissingReports(db, { month }), deadline);
}
