// The outbox (Postausgang) as admins read it: a page of mails, newest first, and one mail with its text.
import { OUTBOX_PAGE_SIZE } from '@lp/domain/limits';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { getOutboxMail, listOutbox } from './mail.outbox.repository';

export const outboxPage = (db: Db, page: number) => listOutbox(db, page, OUTBOX_PAGE_SIZE);

export async function outboxMail(db: Db, id: number) {
  const mail = await getOutboxMail(db, id);
  if (!mail) throw AppError.notFound();
  return mail;
}
