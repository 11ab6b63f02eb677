// What makes two bookings possible duplicates (decisions.md section 4): the same creditor, invoice
// number, invoice date, debitor, article and net. Defined here once: the check of two rows within one
// upload compares these values, the look-up of stored bookings joins on these columns.
import type { BookingCandidate } from '@lp/domain/booking.schema';
import { containsForbiddenCharacter } from '@lp/domain/text.schema';

export interface DuplicateKey {
  creditorNumber: number;
  invoiceNumber: string;
  /** 'YYYY-MM-DD' */
  invoiceDate: string;
  debitorNumber: number;
  articleNumber: number;
  /** Canonical decimal string (parseAmount): equal amounts are equal strings. */
  net: string;
}

/** Each key field's column in the transactions table and its SQL type. */
export const DUPLICATE_KEY_COLUMNS = {
  creditorNumber: { column: 'creditor_number', type: 'int' },
  invoiceNumber: { column: 'invoice_number', type: 'text' },
  invoiceDate: { column: 'invoice_date', type: 'date' },
  debitorNumber: { column: 'debitor_number', type: 'int' },
  articleNumber: { column: 'article_number', type: 'int' },
  net: { column: 'net', type: 'numeric' },
} as const satisfies Record<keyof DuplicateKey, { column: string; type: string }>;

export const DUPLICATE_KEY_FIELDS = Object.keys(DUPLICATE_KEY_COLUMNS) as (keyof DuplicateKey)[];

/**
 * The key of a booking, or null while a key value is missing (then it duplicates nothing). An invoice
 * number with a forbidden character can never be stored (a field error), so it duplicates nothing
 * either; PostgreSQL would refuse one with a NUL as a look-up value.
 */
export function duplicateKey(booking: BookingCandidate): DuplicateKey | null {
  const { creditorNumber, invoiceNumber, invoiceDate, debitorNumber, articleNumber, net } = booking;
  if (
    creditorNumber === null ||
    invoiceNumber === '' ||
    containsForbiddenCharacter(invoiceNumber) ||
    invoiceDate === null ||
    debitorNumber === null ||
    articleNumber === null ||
    net === null
  ) {
    return null;
  }
  return { creditorNumber, invoiceNumber, invoiceDate, debitorNumber, articleNumber, net };
}

/** The same text for equal keys: how two rows of one upload are recognised as duplicates. */
export function duplicateKeyText(key: DuplicateKey): string {
  return JSON.stringify(DUPLICATE_KEY_FIELDS.map((field) => key[field]));
}
