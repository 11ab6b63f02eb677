import { ARTICLE_NUMBER_DIGITS } from './limits';

// Money in German notation: comma as radix, dot as thousands separator, two decimals.

const amountFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234.5 → '1.234,50'. Accepts numbers or decimal strings as the API sends them. */
export function formatAmount(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? amountFormat.format(n) : '';
}

/**
 * Parses an amount as users and files write it: '1.234,56', '1234,56', '1234.56', '-12,5', '1 234,56'.
 * Returns the canonical decimal string ('1234.56') or null. A single dot followed by exactly three
 * digits ('1.234') is read as a thousands separator, the German reading.
 */
export function parseAmount(input: string | number): string | null {
  if (typeof input === 'number') return Number.isFinite(input) ? normalise(String(input)) : null;
  let s = input.trim().replace(/[\s\u00a0\u202f€]/g, '');
  if (s === '') return null;
  const sign = s.startsWith('-') ? '-' : '';
  if (s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+\.\d+$/.test(s)) s = s.replace(/,/g, '');
  else if (/^\d+,\d+$/.test(s)) s = s.replace(',', '.');
  else if (!/^\d+(\.\d+)?$/.test(s)) return null;
  return normalise(sign + s);
}

function normalise(s: string): string | null {
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const neg = s.startsWith('-');
  const [int = '0', frac = ''] = (neg ? s.slice(1) : s).split('.');
  const intPart = int.replace(/^0+(?=\d)/, '');
  const fracPart = frac.replace(/0+$/, '');
  const body = fracPart ? `${intPart}.${fracPart}` : intPart;
  return neg && body !== '0' ? `-${body}` : body;
}

/** Number of decimals of a canonical decimal string. */
export function decimalPlaces(canonical: string): number {
  const i = canonical.indexOf('.');
  return i < 0 ? 0 : canonical.length - i - 1;
}

/** Article numbers are shown zero-padded (000999). */
export function padArticleNumber(n: number | string): string {
  return String(n).padStart(ARTICLE_NUMBER_DIGITS, '0');
}
