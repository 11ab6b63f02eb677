// The urgency e-mail (decisions.md section 8): a mail draft to all active users of a creditor asking
// for the invoiced orders since the last upload, as a mailto: link the browser hands to the mail app.
import { formatLongDate } from './dates';

export const URGENCY_MAIL_SUBJECT = 'Bestellstatistik';

/** Stands for the last upload date when the creditor never uploaded anything. */
export const URGENCY_MAIL_NO_UPLOAD_PLACEHOLDER = '[Datum der letzten Meldung]';
/** The deadline the sender fills in before sending. */
export const URGENCY_MAIL_DEADLINE_PLACEHOLDER = '[Datum einsetzen]';

/** The German body; `lastUpload` is the creditor's lastTransactionCreationDate (ISO) or null. */
export function urgencyMailBody(lastUpload: string | null): string {
  const since = lastUpload ? formatLongDate(lastUpload) : URGENCY_MAIL_NO_UPLOAD_PLACEHOLDER;
  return [
    'Sehr geehrte Damen und Herren,',
    '',
    `wir bitten Sie, alle seit Ihrer letzten Meldung vom ${since} in Rechnung gestellten Bestellungen ` +
      `bis zum ${URGENCY_MAIL_DEADLINE_PLACEHOLDER} über die Weboberfläche des Lieferantenportals hochzuladen.`,
    '',
    'Falls Sie seit Ihrer letzten Meldung keine Bestellungen in Rechnung gestellt haben, senden Sie uns ' +
      'bitte bis zu diesem Datum eine Leermeldung über das Lieferantenportal.',
    '',
    'Vielen Dank für Ihre Unterstützung.',
    '',
    'Mit freundlichen Grüßen',
  ].join('\r\n');
}

/**
 * mailto: link to all addresses with subject and body (RFC 6068: addresses separated by commas,
 * header values percent-encoded, line breaks as CRLF).
 */
export function urgencyMailHref(addresses: readonly string[], lastUpload: string | null): string {
  const to = addresses.map((address) => encodeURIComponent(address).replace(/%40/g, '@')).join(',');
  const subject = encodeURIComponent(URGENCY_MAIL_SUBJECT);
  const body = encodeURIComponent(urgencyMailBody(lastUpload));
  return `mailto:${to}?subject=${subject}&body=${body}`;
}

/**
 * The longest mailto: link a draft may have. Mail programs hand the link through the operating
 * system's URL handling, and Outlook on Windows (most of the recipients' and our admins' setup) cuts
 * or refuses links beyond the old 2,083-character URL limit of Windows; 2,000 keeps a margin.
 */
export const MAILTO_MAX_LENGTH = 2000;

/** One mail draft to many creditors at once: its mailto: link and how many addresses it holds. */
export interface MailDraft {
  href: string;
  recipients: number;
}

function encodeAddress(address: string): string {
  return encodeURIComponent(address).replace(/%40/g, '@');
}

/**
 * The urgency e-mail to several creditors at once: the addresses in BCC (no recipient sees the
 * others), the body without a date of the last report (it differs per creditor; the placeholder asks
 * the sender to fill it in or leave it out).
 */
export function urgencyMailBccHref(addresses: readonly string[]): string {
  const bcc = addresses.map(encodeAddress).join(',');
  const subject = encodeURIComponent(URGENCY_MAIL_SUBJECT);
  const body = encodeURIComponent(urgencyMailBody(null));
  return `mailto:?bcc=${bcc}&subject=${subject}&body=${body}`;
}

/**
 * The BCC urgency e-mail to all `addresses` (duplicates dropped), split into as few drafts as keep
 * every link within `maxLength`, in the given order. An address too long for a draft on its own still
 * gets a draft of its own: better a long link than a creditor left out.
 */
export function urgencyMailBccDrafts(
  addresses: readonly string[],
  maxLength: number = MAILTO_MAX_LENGTH,
): MailDraft[] {
  const drafts: MailDraft[] = [];
  let current: string[] = [];
  for (const address of new Set(addresses)) {
    if (current.length > 0 && urgencyMailBccHref([...current, address]).length > maxLength) {
      drafts.push({ href: urgencyMailBccHref(current), recipients: current.length });
      current = [];
    }
    current.push(address);
  }
  if (current.length > 0) drafts.push({ href: urgencyMailBccHref(current), recipients: current.length });
  return drafts;
}
