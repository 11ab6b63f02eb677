// Calendar dates travel as UTC midnight ISO strings; users read and type dd.MM.yyyy (de-DE).
// All formatting is done in UTC for calendar dates so a client's time zone never shifts a day.

const pad2 = (n: number) => String(n).padStart(2, '0');

/** True when year/month/day name a real calendar day (month 1–12). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** 'YYYY-MM-DD' of a real day, else null. */
export function toIsoDay(year: number, month: number, day: number): string | null {
  if (!isRealDate(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/**
 * Two-digit years (15.03.26, as LibreOffice's "save as shown" writes them) mean 2000–2099
 * (decisions.md section 5; decision 0016-date-input, addendum of 28 Nov): no date before 2000 is
 * accepted anywhere, so a century before would only change which message refuses it.
 */
function fullYear(digits: string): number {
  const n = Number(digits);
  return digits.length === 2 ? 2000 + n : n;
}

/** Why a typed date was refused: 'format' (not a date at all), 'year' (outside 1900–9999), 'day' (no such day). */
export type DateProblem = 'format' | 'year' | 'day';
export type DateReading = { day: string } | { problem: DateProblem };

/** A date typed as a mask's digits: ddMMyyyy or ddMMyy. */
export const MASK_DIGITS_DATE = /^(\d{2})(\d{2})(\d{4}|\d{2})$/;

/**
 * Reads what a German user types or a file holds: d.M.yyyy and d.M.yy (leading zeros optional),
 * the same digits without dots as a date mask takes them (ddMMyyyy, ddMMyy: the spec's fields were
 * masks, and people used to them type 01022026), ISO yyyy-MM-dd or a full ISO timestamp at UTC
 * midnight. The one date parser of forms, filters, list URLs and uploads.
 */
export function readCalendarDate(input: string): DateReading {
  const s = input.trim();
  let m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(s) ?? MASK_DIGITS_DATE.exec(s);
  if (m) return checkedDay(fullYear(m[3]!), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00(?::00(?:\.0{1,3})?)?(?:Z|[+-]00:?00)?)?$/.exec(s);
  if (m) return checkedDay(Number(m[1]), Number(m[2]), Number(m[3]));
  return { problem: 'format' };
}

/**
 * Reads a month typed as M.yyyy, MM.yy, their digits without the dot (MMyyyy, MMyy) or ISO yyyy-MM;
 * its day is the month's first.
 */
export function readMonth(input: string): DateReading {
  const s = input.trim();
  let m = /^(\d{1,2})\.(\d{4}|\d{2})$/.exec(s) ?? /^(\d{2})(\d{4}|\d{2})$/.exec(s);
  if (m) return checkedDay(fullYear(m[2]!), Number(m[1]), 1);
  m = /^(\d{4})-(\d{2})$/.exec(s);
  if (m) return checkedDay(Number(m[1]), Number(m[2]), 1);
  return { problem: 'format' };
}

function checkedDay(year: number, month: number, day: number): DateReading {
  if (month < 1 || month > 12 || day < 1 || day > 31) return { problem: 'format' };
  if (year < 1900 || year > 9999) return { problem: 'year' };
  const iso = toIsoDay(year, month, day);
  return iso === null ? { problem: 'day' } : { day: iso };
}

/** 'YYYY-MM-DD' of a typed date (see readCalendarDate), or null. */
export function parseCalendarDate(input: string): string | null {
  const reading = readCalendarDate(input);
  return 'day' in reading ? reading.day : null;
}

/** The ISO first day of a typed month (see readMonth), or null. */
export function parseMonth(input: string): string | null {
  const reading = readMonth(input);
  return 'day' in reading ? reading.day : null;
}

/** 'YYYY-MM-DD' → '2026-03-15T00:00:00.000Z' (the wire form of calendar dates). */
export function isoDayToWire(isoDay: string): string {
  return `${isoDay}T00:00:00.000Z`;
}

/** Any ISO string or Date → 'YYYY-MM-DD' in UTC. */
export function toIsoDayString(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** Calendar date as dd.MM.yyyy (UTC). Empty for null. */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${pad2(d.getUTCDate())}.${pad2(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** The time zone of every day and time the product shows (the server's SQL formats in it too). */
export const GERMAN_TIME_ZONE = 'Europe/Berlin';

// Built once: constructing an Intl.DateTimeFormat costs ~10x its use.
const berlinDateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: GERMAN_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** Timestamp as dd.MM.yyyy HH:mm in German local time (Europe/Berlin). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  const parts = berlinDateTime.formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}.${get('month')}.${get('year')} ${get('hour')}:${get('minute')}`;
}

/** Timestamp as a calendar day in German local time, dd.MM.yyyy. */
export function formatLocalDate(value: string | Date | null | undefined): string {
  return formatDateTime(value).slice(0, 10);
}

const GERMAN_MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/** Long German date in German local time, e.g. '15. März 2026'. */
export function formatLongDate(value: string | Date): string {
  const [day, month, year] = formatLocalDate(value).split('.').map(Number) as [number, number, number];
  return `${day}. ${GERMAN_MONTHS[month - 1]} ${year}`;
}

/** Today's calendar day in Germany as 'YYYY-MM-DD'. */
export function todayIsoDay(now: Date = new Date()): string {
  const [day, month, year] = formatLocalDate(now).split('.');
  return `${year}-${month}-${day}`;
}
