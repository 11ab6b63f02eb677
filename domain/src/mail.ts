// The portal's own e-mail (decisions.md section 13): the states and kinds of a mail in the outbox
// (Postausgang), their German labels, and the wire shapes of the outbox routes.
import { z } from 'zod';

/**
 * queued: stored, waiting for (another) delivery attempt; sent: the relay accepted it; failed: the last
 * attempt failed, with the relay's answer; unsent: no mail server is configured (SMTP_URL), stored only.
 */
export const MAIL_STATES = ['queued', 'sent', 'failed', 'unsent'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: 'in Warteschlange',
  sent: 'versandt',
  failed: 'fehlgeschlagen',
  unsent: 'nicht versandt – kein Mailserver eingerichtet',
};

export const MAIL_KINDS = ['passwordReset', 'invitation', 'urgency', 'reminder', 'receipt'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  passwordReset: 'Passwort zurücksetzen',
  invitation: 'Einladung',
  urgency: 'Dringlichkeits-E-Mail',
  reminder: 'Erinnerung',
  receipt: 'Eingangsbestätigung',
};

export const outboxItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.array(z.string()),
  subject: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type OutboxItem = z.output<typeof outboxItemSchema>;

export const outboxMailSchema = outboxItemSchema.extend({ text: z.string() });
export type OutboxMail = z.output<typeof outboxMailSchema>;

export const outboxPageSchema = z.object({ items: z.array(outboxItemSchema), total: z.number().int() });
export type OutboxPage = z.output<typeof outboxPageSchema>;
