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
