// What the modules that cause mail need: queue one in their transaction, and build a link. Links are
// made from PUBLIC_URL only, never from a request's Host or X-Forwarded-Host (decisions.md section 13).
import type { MailConfig } from '../../config';
import type { DbOrTx } from '../../db/connection';
import { queueMail, type NewMail } from './mail.outbox.repository';

export interface Mailer {
  config: MailConfig;
  /** Stores the mail (and its delivery job, with a relay) in `tx`; returns the outbox id. */
  queue(tx: DbOrTx, mail: NewMail): Promise<number>;
  /** PUBLIC_URL + path (+ query). */
  link(path: string, query?: Record<string, string>): string;
}

export function createMailer(config: MailConfig): Mailer {
  return {
    config,
    queue: (tx, mail) => queueMail(tx, mail, config.smtpUrl !== undefined),
    link(path, query) {
      const url = new URL(path, `${config.publicUrl}/`);
      for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
      return url.toString();
    },
  };
}
