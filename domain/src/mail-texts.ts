// The German texts of the mails the portal writes by itself (decisions.md section 13). Plain text;
// the server adds a simple HTML part made from the same text. Lines end in '\n' here (nodemailer
// writes CRLF on the wire).
import { formatLongDate } from './dates';
import { INVITATION_LIFETIME_DAYS, PASSWORD_RESET_LIFETIME_MINUTES } from './limits';
import { formatAmount } from './numbers';
import { formatMonth } from './reporting-status';
import { URGENCY_MAIL_SUBJECT } from './urgency-mail';

export interface MailText {
  subject: string;
  text: string;
}

const SIGNATURE = ['Mit freundlichen Grüßen', 'Ihr Lieferantenportal'];
const AUTOMATIC = 'Diese E-Mail wurde automatisch erstellt.';

export function passwordResetMail(link: string): MailText {
  return {
    subject: 'Lieferantenportal: Passwort zurücksetzen',
    text: [
      'Guten Tag,',
      '',
      'für Ihr Benutzerkonto im Lieferantenportal wurde ein neues Passwort angefordert. Über den folgenden',
      `Link können Sie es innerhalb von ${PASSWORD_RESET_LIFETIME_MINUTES} Minuten einmal festlegen:`,
      '',
      link,
      '',
      'Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr',
      'bisheriges Passwort bleibt gültig.',
      '',
      ...SIGNATURE,
      '',
      AUTOMATIC,
    ].join('\n'),
  };
}

export function invitationMail(link: string, emailAddress: string): MailText {
  return {
    subject: 'Einladung zum Lieferantenportal',
    text: [
      'Guten Tag,',
      '',
      `für Sie wurde im Lieferantenportal ein Benutzerkonto mit dem Benutzernamen ${emailAddress} angelegt.`,
      `Über den folgenden Link legen Sie innerhalb von ${INVITATION_LIFETIME_DAYS} Tagen Ihr Passwort fest:`,
      '',
      link,
      '',
      ...SIGNATURE,
      '',
      AUTOMATIC,
    ].join('\n'),
  };
}

/** What the urgency and reminder mails say about one creditor. */
export interface MissingReports {
  creditorName: string;
  /** lastTransactionCreationDate (ISO) or null. */
  lastUpload: string | null;
  /** The months ('YYYY-MM') without report, oldest first. */
  missingMonths: readonly string[];
}

function missingMonthsLine(months: readonly string[]): string {
  return months.length === 1
    ? `Für den Monat ${formatMonth(months[0]!)} liegt uns noch keine Meldung vor.`
    : `Für die Monate ${months.map(formatMonth).join(', ')} liegen uns noch keine Meldungen vor.`;
}

/**
 * The urgency e-mail of section 8 as the server sends it: the deadline filled in, the missing months
 * named, the date of the last report or, when there is none, no date at all.
 */
export function urgencyMail(missing: MissingReports, deadline: string): MailText {
  const since = missing.lastUpload
    ? `alle seit Ihrer letzten Meldung vom ${formatLongDate(missing.lastUpload)} in Rechnung gestellten Bestellungen`
    : 'alle in Rechnung gestellten Bestellungen';
  return {
    subject: `${URGENCY_MAIL_SUBJECT} – ${missing.creditorName}`,
    text: [
      'Sehr geehrte Damen und Herren,',
      '',
      `wir bitten Sie, ${since} bis zum ${formatLongDate(deadline)} über die Weboberfläche des ` +
        'Lieferantenportals hochzuladen.',
      ...(missing.missingMonths.length > 0 ? ['', missingMonthsLine(missing.missingMonths)] : []),
      '',
      'Falls Sie seit Ihrer letzten Meldung keine Bestellungen in Rechnung gestellt haben, senden Sie uns ' +
        'bitte bis zu diesem Datum eine Leermeldung über das Lieferantenportal.',
      '',
      'Vielen Dank für Ihre Unterstützung.',
      '',
      'Mit freundlichen Grüßen',
    ].join('\n'),
  };
}

/** A step of the reminder plan: its own text, or the standard one. */
export function reminderMail(missing: MissingReports, month: string, link: string, text?: string): MailText {
  return {
    subject: `Erinnerung: Meldung für ${formatMonth(month)} – ${missing.creditorName}`,
    text: [
      'Sehr geehrte Damen und Herren,',
      '',
      text ??
        `für den Monat ${formatMonth(month)} liegt uns von ${missing.creditorName} noch keine Meldung vor. ` +
          'Bitte laden Sie Ihre in Rechnung gestellten Bestellungen hoch oder senden Sie eine Leermeldung.',
      ...(missing.missingMonths.length > 1 ? ['', missingMonthsLine(missing.missingMonths)] : []),
      '',
      `Zum Lieferantenportal: ${link}`,
      '',
      ...SIGNATURE,
      '',
      AUTOMATIC,
    ].join('\n'),
  };
}

/** The receipt after an upload or an empty report. */
export function receiptMail(receipt: {
  what: 'upload' | 'emptyReport';
  fileName?: string;
  count: number;
  netSum: string;
  months: readonly string[];
}): MailText {
  const months = receipt.months.map(formatMonth).join(', ');
  const lines =
    receipt.what === 'upload'
      ? [
          `Ihre Datei ${receipt.fileName ?? ''} ist eingegangen und wurde importiert.`.replace('  ', ' '),
          '',
          `Buchungen: ${receipt.count}`,
          `Nettosumme: ${formatAmount(receipt.netSum)} €`,
          `Monate: ${months}`,
        ]
      : [`Ihre Leermeldung für ${months} ist eingegangen.`];
  return {
    subject: receipt.what === 'upload' ? 'Eingangsbestätigung: Upload' : 'Eingangsbestätigung: Leermeldung',
    text: ['Guten Tag,', '', ...lines, '', ...SIGNATURE, '', AUTOMATIC].join('\n'),
  };
}
