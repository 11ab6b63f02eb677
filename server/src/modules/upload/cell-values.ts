// Turns one cell of a file into a booking field, as a German user means it: text in the formats of
// the manual form, and in xlsx also real date and number cells. Rules about the values (ranges,
// existence, duplicates) are the booking validation's, not this file's.
import { undoFormulaGuard } from '@lp/domain/csv';
import { BUSINESS_NUMBER_MAX } from '@lp/domain/limits';
import { formatDate, parseCalendarDate, toIsoDay } from '@lp/domain/dates';
import { MASTER_DATA_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { parseAmount } from '@lp/domain/numbers';
import { trimText } from '@lp/domain/text.schema';
import type { CellValue } from './sheet-row';

/** Parsed value, or null with the cell's text so the validation can say what was wrong with it. */
export interface Parsed<T> {
  value: T | null;
  raw?: string;
}

/** Text of a cell as the user sees it; the bookings export's formula guard (a leading ') is undone. */
export function cellText(cell: CellValue): string {
  if (cell === null) return '';
  if (cell instanceof Date) return formatDate(cell);
  if (typeof cell === 'number') return String(roundFloatNoise(cell));
  if (typeof cell === 'boolean') return cell ? 'WAHR' : 'FALSCH';
  return undoFormulaGuard(trimText(cell));
}

/** Excel keeps 15 significant digits: 0.1 + 0.2 is 0,3 there, not 0.30000000000000004. */
function roundFloatNoise(n: number): number {
  return Number.isFinite(n) ? Number(n.toPrecision(15)) : n;
}

const EXCEL_EPOCH_1900 = Date.UTC(1899, 11, 30);
const EXCEL_EPOCH_1904 = Date.UTC(1904, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;
/** Serial numbers of 01.01.1900 … 31.12.9999: an unformatted date cell (or a formula's result). */
const SERIAL_MIN = 1;
const SERIAL_MAX = 2_958_465;

/** 'YYYY-MM-DD' of a date cell (its calendar day, no time-zone shift), a serial number or a date text. */
export function cellCalendarDay(cell: CellValue, date1904 = false): Parsed<string> {
  if (cell === null) return { value: null };
  if (cell instanceof Date) return { value: utcDay(cell), raw: formatDate(cell) };
  if (typeof cell === 'number') {
    if (cell >= SERIAL_MIN && cell <= SERIAL_MAX) {
      const epoch = date1904 ? EXCEL_EPOCH_1904 : EXCEL_EPOCH_1900;
      return { value: utcDay(new Date(epoch + Math.round(cell * DAY_MS))), raw: String(cell) };
    }
    return { value: null, raw: String(cell) };
  }
  const text = cellText(cell);
  if (text === '') return { value: null };
  return { value: parseCalendarDate(text), raw: text };
}

/** The xlsx reader builds date cells at UTC; the time of day (if any) is dropped. */
function utcDay(date: Date): string | null {
  return toIsoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Canonical decimal ('1234.56') of a number cell or of '1.234,56', '1234,56', '1234.56'. */
export function cellAmount(cell: CellValue): Parsed<string> {
  if (cell === null) return { value: null };
  if (typeof cell === 'number') return { value: parseAmount(roundFloatNoise(cell)), raw: String(cell) };
  const text = cellText(cell);
  if (text === '') return { value: null };
  return { value: parseAmount(text), raw: text };
}

/** A business number (debitor, article, creditor); leading zeros allowed ('000999'). */
export function cellBusinessNumber(cell: CellValue): { value: number | null; error?: string } {
  const text = cellText(cell);
  if (text === '') return { value: null };
  if (!/^\d+$/.test(text)) return { value: null, error: MESSAGES.positiveInteger };
  const value = Number(text);
  if (value > BUSINESS_NUMBER_MAX)
    return { value: null, error: MASTER_DATA_MESSAGES.numberTooLarge(BUSINESS_NUMBER_MAX) };
  return { value };
}
