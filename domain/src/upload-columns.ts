// The columns of a bookings upload file, once: the server matches headers and builds its templates
// from this list, the web renders its help text from it (decisions.md section 5).
import { parseCalendarDate } from './dates';
import { INVOICE_NUMBER_MAX_LENGTH, TEXT_MAX_LENGTH, UPLOAD_MAX_MEGABYTES, UPLOAD_MAX_ROWS } from './limits';
import { parseAmount } from './numbers';
import type { ValidationMessage } from './messages';
import { POLICIES, type Actor } from './policies';
import { BOOKING_EXPORT_COLUMNS, BOOKING_LABELS } from './labels';

/** Keys of a booking read from a file (the fields of the server's BookingCandidate). */
export type UploadColumnKey =
  | 'invoiceDate'
  | 'invoiceNumber'
  | 'debitorNumber'
  | 'deliveryLocation'
  | 'articleNumber'
  | 'net'
  | 'additionalInformation'
  | 'creditorNumber';

/**
 * required: always; optional: may be missing; requiredForAdmins: who books for any creditor (admins)
 * must give it, a supplier may (see isUploadColumnRequired).
 */
export type UploadColumnRequirement = 'required' | 'optional' | 'requiredForAdmins';

/** How a cell is read: a calendar date, an amount, a business number or text. */
export type UploadColumnKind = 'date' | 'amount' | 'number' | 'text';

export interface UploadColumn {
  key: UploadColumnKey;
  /** Header as the templates write it (and the bookings export does). */
  header: string;
  /** Further accepted headers. */
  aliases: readonly string[];
  requirement: UploadColumnRequirement;
  kind: UploadColumnKind;
  /** German field label of the booking form; messages about the column name its header instead. */
  label: string;
  /** German help text of the upload tab. */
  help: string;
  /** The template's example value as a user types it (de-DE). */
  example: string;
}

/** Whether a user's file must have the column: the creditor's only for who books for any creditor. */
export function isUploadColumnRequired(column: UploadColumn, actor: Actor): boolean {
  return (
    column.requirement === 'required' ||
    (column.requirement === 'requiredForAdmins' && POLICIES['booking:anyCreditor'](actor))
  );
}

/** The columns in template order (the order of the bookings export, so its files upload back). */
export const UPLOAD_COLUMNS: readonly UploadColumn[] = [
  {
    key: 'invoiceDate',
    header: BOOKING_EXPORT_COLUMNS.invoiceDate,
    aliases: [],
    requirement: 'required',
    kind: 'date',
    label: BOOKING_LABELS.invoiceDate,
    help: 'Datum der Rechnung als TT.MM.JJJJ (auch T.M.JJJJ oder JJJJ-MM-TT); in Excel auch als Datumszelle. Nicht in der Zukunft, nicht vor dem 01.01.2000.',
    example: '15.03.2025',
  },
  {
    key: 'invoiceNumber',
    header: BOOKING_EXPORT_COLUMNS.invoiceNumber,
    aliases: [BOOKING_LABELS.invoiceNumber],
    requirement: 'required',
    kind: 'text',
    label: BOOKING_LABELS.invoiceNumber,
    help: `Bestell- oder Rechnungsnummer, höchstens ${INVOICE_NUMBER_MAX_LENGTH} Zeichen. Die Spalte darf auch „${BOOKING_LABELS.invoiceNumber}“ heißen.`,
    example: 'RE-2025-0815',
  },
  {
    key: 'debitorNumber',
    header: BOOKING_EXPORT_COLUMNS.debitorNumber,
    aliases: [],
    requirement: 'required',
    kind: 'number',
    label: BOOKING_LABELS.debitorId,
    help: 'Nummer des Kunden (Debitors) aus der Debitorenliste.',
    example: '10001',
  },
  {
    key: 'deliveryLocation',
    header: BOOKING_EXPORT_COLUMNS.deliveryLocation,
    aliases: [],
    requirement: 'required',
    kind: 'text',
    label: BOOKING_LABELS.deliveryLocation,
    help: `Ort der Lieferung, höchstens ${TEXT_MAX_LENGTH} Zeichen.`,
    example: 'Rathaus, Marktplatz 1, 60311 Frankfurt am Main',
  },
  {
    key: 'articleNumber',
    header: BOOKING_EXPORT_COLUMNS.articleNumber,
    aliases: [],
    requirement: 'required',
    kind: 'number',
    label: BOOKING_LABELS.articleId,
    help: 'Nummer des Artikels aus der Artikelliste (führende Nullen sind erlaubt).',
    example: '1200',
  },
  {
    key: 'net',
    header: BOOKING_EXPORT_COLUMNS.net,
    aliases: [],
    requirement: 'required',
    kind: 'amount',
    label: BOOKING_LABELS.net,
    help: 'Nettobetrag in Euro mit höchstens zwei Nachkommastellen, z. B. 1.234,56 oder 1234,56 oder 1234.56; Gutschriften negativ.',
    example: '1.234,56',
  },
  {
    key: 'additionalInformation',
    header: BOOKING_EXPORT_COLUMNS.additionalInformation,
    aliases: [],
    requirement: 'optional',
    kind: 'text',
    label: BOOKING_LABELS.additionalInformation,
    help: `Optional, höchstens ${TEXT_MAX_LENGTH} Zeichen.`,
    example: 'Lieferung in zwei Teilen',
  },
  {
    key: 'creditorNumber',
    header: BOOKING_EXPORT_COLUMNS.creditorNumber,
    aliases: [],
    requirement: 'requiredForAdmins',
    kind: 'number',
    label: BOOKING_LABELS.creditorId,
    help: 'Ihre Kreditornummer. Für Administratoren Pflicht; Lieferanten können die Spalte weglassen (dann gilt die eigene Kreditornummer), eine fremde Kreditornummer ist ein Fehler.',
    example: '70001',
  },
];

/** General rules of the upload tab's help text. */
export const UPLOAD_HELP = [
  'Erlaubt sind CSV-Dateien (.csv), Excel-Dateien (.xlsx) und LibreOffice-Dateien (.ods); bei Excel- und LibreOffice-Dateien wird das erste Tabellenblatt mit den Buchungsspalten gelesen. Enthalten weitere Tabellenblätter Buchungen, laden Sie sie als eigene Dateien hoch.',
  'Die erste Zeile enthält die Spaltenüberschriften; Reihenfolge sowie Groß- und Kleinschreibung sind beliebig, weitere Spalten werden ignoriert. Bis zu fünf Titelzeilen darüber (ohne Spaltennamen, z. B. „Buchungen März 2026“) werden übersprungen.',
  'Beträge: Der Punkt trennt Tausender, das Komma die Nachkommastellen – „1.234“ ist 1.234 €, „1.234,56“ ist 1.234,56 €. Bei Zahlenzellen zählt der gespeicherte Wert, nicht der angezeigte: höchstens zwei Nachkommastellen.',
  'CSV-Dateien dürfen Semikolon, Komma oder Tabulator als Trennzeichen verwenden und in UTF-8 oder Windows-1252 (wie von Excel gespeichert) kodiert sein.',
  `Höchstens ${UPLOAD_MAX_MEGABYTES} MB und ${UPLOAD_MAX_ROWS.toLocaleString('de-DE')} Datenzeilen je Datei; leere Zeilen werden übersprungen.`,
  'Fehler und Warnungen werden mit der Zeilennummer der Datei gemeldet (die Überschriftenzeile ist Zeile 1).',
  'Enthält die Datei einen Fehler, wird keine Zeile gespeichert. Bei Warnungen (z. B. möglichen Doppelbuchungen) wird erst gespeichert, wenn Sie die Warnungen ignorieren.',
] as const;

/** Accepted file types for the file chooser. */
export const UPLOAD_ACCEPT =
  '.csv,.xlsx,.ods,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet';

/** The multipart field of the upload (spec section 7). */
export const UPLOAD_FIELD_NAME = 'uploads[]';

/** Answer of POST /api/upload: the lists, and how many bookings were stored (0 unless both are empty). */
export interface UploadResult {
  errors: ValidationMessage[];
  warnings: ValidationMessage[];
  count: number;
}

/** Header comparison ignores case and every kind of space ('Rechnungs datum' = 'rechnungsdatum'). */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFC')
    .replace(/[\s\u00a0\u2007\u202f\ufeff\u200b]+/g, '')
    .toLocaleLowerCase('de-DE');
}

const byNormalisedHeader: ReadonlyMap<string, UploadColumn> = new Map(
  UPLOAD_COLUMNS.flatMap((column) =>
    [column.header, ...column.aliases].map((name) => [normaliseHeader(name), column] as const),
  ),
);

const headerByLabel: ReadonlyMap<string, string> = new Map(
  UPLOAD_COLUMNS.map((column) => [column.label, column.header] as const),
);

/**
 * The `property` of an upload message: the booking validation names the form's field ("Kunde/Debitor"),
 * the file has the column "Debitornummer"; a message that names no column keeps its property.
 */
export function uploadMessageProperty(property: string): string {
  return headerByLabel.get(property) ?? property;
}

/** The column a header names, or undefined for columns the upload ignores. */
export function findUploadColumn(header: string): UploadColumn | undefined {
  return byNormalisedHeader.get(normaliseHeader(header));
}

/** The fields of a row read from a file that tell the templates' example row from a booking. */
export interface ExampleRowFields {
  invoiceDate: string | null;
  invoiceNumber: string;
  debitorNumber: number | null;
  articleNumber: number | null;
  net: string | null;
}

const exampleOf = (key: UploadColumnKey) => UPLOAD_COLUMNS.find((column) => column.key === key)!.example;
const TEMPLATE_EXAMPLE: ExampleRowFields = {
  invoiceDate: parseCalendarDate(exampleOf('invoiceDate')),
  invoiceNumber: exampleOf('invoiceNumber'),
  debitorNumber: Number(exampleOf('debitorNumber')),
  articleNumber: Number(exampleOf('articleNumber')),
  net: parseAmount(exampleOf('net')),
};

/**
 * Whether a row of a file is the templates' example row, left in: the same invoice number, date,
 * debitor, article and amount. Where debitor 10001 and article 1200 exist it would be imported as a
 * booking of 1.234,56 € that nobody invoiced; the upload refuses it instead.
 */
export function isTemplateExampleRow(row: ExampleRowFields): boolean {
  // Called for every row of an upload (100,000): the invoice number decides almost always, at once.
  return (
    row.invoiceNumber === TEMPLATE_EXAMPLE.invoiceNumber &&
    row.invoiceDate === TEMPLATE_EXAMPLE.invoiceDate &&
    row.debitorNumber === TEMPLATE_EXAMPLE.debitorNumber &&
    row.articleNumber === TEMPLATE_EXAMPLE.articleNumber &&
    row.net === TEMPLATE_EXAMPLE.net
  );
}
