// SMTP delivery through nodemailer. One transport (a small pool of connections) per server; each
// mail carries a Message-ID made from its outbox id, so a mail delivered twice (the at-least-once
// edge of decision 0065) is the same message to the receiving side.
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config';
import type { mailOutbox } from '../../db/schema';

export interface MailTransport {
  send(mail: typeof mailOutbox.$inferSelect): Promise<void>;
  close(): void;
}

/** How long a relay may take before the attempt counts as failed (and is retried later). */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

function addressDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

export function createMailTransport(config: MailConfig): MailTransport | undefined {
  if (!config.smtpUrl) return undefined;
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // No debug output: a relay's answers may quote the mail.
    logger: false,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const domain = addressDomain(config.from);
  return {
    async send(mail) {
      await transport.sendMail({
        from: config.from,
        // Addresses as a list: nodemailer quotes and encodes each; none is parsed from a header text.
        to: mail.recipients.map((address) => ({ name: '', address })),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<outbox-${mail.id}.${mail.createdAt.getTime()}@${domain}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => transport.close(),
  };
}

/** The relay's answer (or the connection's failure) as stored with a failed attempt. */
export function describeDeliveryError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { response, code } = error as Error & { response?: string; code?: string };
  return (response ?? (code ? `${code}: ${error.message}` : error.message)).slice(0, 1000);
}
