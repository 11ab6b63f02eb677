// Receipts (Eingangsbestätigungen, decisions.md section 13): after a stored upload or empty report
// the user who sent it gets the count, the net sum and the months, queued in the same transaction,
// unless the user switched receipts off (Mein Profil).
import { eq, sql } from 'drizzle-orm';
import { receiptMail } from '@lp/domain/mail-texts';
import type { DbOrTx } from '../../db/connection';
import { userMailSettings } from '../../db/schema';
import type { SessionUser } from '../auth/index';
import type { Mailer } from './mailer';

export async function receiptsWanted(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ receipts: userMailSettings.receipts })
    .from(userMailSettings)
    .where(eq(userMailSettings.userId, userId));
  return row?.receipts ?? true;
}

export async function setReceiptsWanted(db: DbOrTx, userId: number, receipts: boolean): Promise<void> {
  await db
    .insert(userMailSettings)
    .values({ userId, receipts })
    .onConflictDoUpdate({ target: userMailSettings.userId, set: { receipts } });
}

export async function queueUploadReceipt(
  tx: DbOrTx,
  mailer: Mailer,
  user: SessionUser,
  uploadBatchId: number,
  fileName: string,
): Promise<void> {
  if (!(await receiptsWanted(tx, user.id))) return;
  const { rows } = await tx.execute<{ count: number; net: string; months: string[] }>(sql`
    select count(*)::int as count, coalesce(sum(net), 0)::text as net,
      coalesce(array_agg(distinct to_char(invoice_date, 'YYYY-MM') order by to_char(invoice_date, 'YYYY-MM')), '{}') as months
    from transactions where upload_batch_id = ${uploadBatchId}`);
  const summary = rows[0]!;
  const mail = receiptMail({
    what: 'upload',
    fileName,
    count: summary.count,
    netSum: summary.net,
    months: summary.months,
  });
  await mailer.queue(tx, { kind: 'receipt', to: [user.emailAddress], ...mail });
}

export async function queueEmptyReportReceipt(
  tx: DbOrTx,
  mailer: Mailer,
  user: SessionUser,
  month: string,
): Promise<void> {
  if (!(await receiptsWanted(tx, user.id))) return;
  const mail = receiptMail({ what: 'emptyReport', count: 0, netSum: '0', months: [month] });
  await mailer.queue(tx, { kind: 'receipt', to: [user.emailAddress], ...mail });
}
