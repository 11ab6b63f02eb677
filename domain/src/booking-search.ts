// What a bookings-list search term means beyond its text (issue 57, item 6): an amount or an invoice
// date typed as the list shows them ('624,00', '1.234,56', '27.11.2026') also finds the bookings of
// that net or that invoice date. The server turns them into an equality on the column (an index
// look-up), never into a text match of the formatted value.
import { toIsoDay } from './dates';
import { NET_MAX_ABS } from './limits';
import { parseAmount } from './numbers';

export interface DisplayedSearchValues {
  /** The net as a canonical decimal ('1234.56'), when the term is an amount as the list shows it. */
  net: string | null;
  /** The ISO day ('2026-11-27'), when the term is a date as the list shows it (dd.MM.yyyy). */
  invoiceDate: string | null;
}

/** An amount as the list writes it: a comma and one or two decimals, dots between thousands, a sign and € allowed. */
const DISPLAYED_AMOUNT = /^[-−]?\s*(\d{1,3}(\.\d{3})+|\d+),\d{1,2}(\s*€)?$/;
const DISPLAYED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** The amount and the date a search term names in the list's form (both null for any other term). */
export function displayedSearchValues(term: string): DisplayedSearchValues {
  const text = term.trim();
  return { net: displayedAmount(text), invoiceDate: displayedDate(text) };
}

function displayedAmount(text: string): string | null {
  if (!DISPLAYED_AMOUNT.test(text)) return null;
  const net = parseAmount(text.replace('−', '-').replace(/^-\s+/, '-'));
  if (net === null) return null;
  // No booking's net is beyond the limit; so large a number would not even be a valid numeric(12, 2).
  return Math.abs(Number(net)) > NET_MAX_ABS ? null : net;
}

function displayedDate(text: string): string | null {
  const m = DISPLAYED_DATE.exec(text);
  return m ? toIsoDay(Number(m[3]), Number(m[2]), Number(m[1])) : null;
}
