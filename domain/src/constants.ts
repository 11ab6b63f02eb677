// Business constants of the product: each limit lives here once and is imported by server and web.

/** Bookings per page, in the list and in the API. */
export const PAGE_SIZE = 50;
/** Most page links the pager shows before it uses ellipses. */
export const MAX_PAGE_LINKS = 7;

/** Delivery location and additional information. */
export const TEXT_MAX_LENGTH = 75;
export const INVOICE_NUMBER_MAX_LENGTH = 50;
export const NAME_MAX_LENGTH = 200;
export const STREET_MAX_LENGTH = 200;
export const ZIP_CODE_MAX_LENGTH = 10;
export const CITY_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** Largest business number (fits a PostgreSQL integer). */
export const BUSINESS_NUMBER_MAX = 2_147_483_647;

/** Absolute net amount limit in euros; negative amounts are credit notes. */
export const NET_MAX_ABS = 10_000_000;
/** Earliest accepted invoice date (ISO). */
export const INVOICE_DATE_MIN_ISO = '2000-01-01';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Empty report (Leermeldung): reserved master data and fixed values. */
export const EMPTY_REPORT_ARTICLE_NUMBER = 999;
export const EMPTY_REPORT_DEBITOR_NUMBER = 999999;
export const EMPTY_REPORT_DELIVERY_LOCATION = '–';
export const EMPTY_REPORT_NAME = 'Leermeldung';

/** Article numbers are shown zero-padded to this many digits. */
export const ARTICLE_NUMBER_DIGITS = 6;

/** Unset value of the id filters (article, creditor, debitor). */
export const UNSET_ID = -1;

/** Local storage keys of the web client. */
export const ACCESS_TOKEN_KEY = 'access-token';
export const USER_STORAGE_KEY = 'user';

export const URGENCY_MAIL_SUBJECT = 'Bestellstatistik';

export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_MAX_ROWS = 100_000;

export const SORT_KEYS = [
  'invoice_date',
  'invoice_number',
  'debitor_number',
  'debitor_name',
  'location',
  'article_name',
  'net',
  'creditor_number',
  'creditor_name',
  'export_date',
  'creation_date',
  'creation_email_address',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DESCENDING_SUFFIX = '_desc';
export const DEFAULT_SORTING = 'creation_date_desc';

/** File names of downloads. */
export const FILE_NAMES = {
  bookings: 'Buchungen.csv',
  articles: 'Artikel.csv',
  debitors: 'Debitoren.xlsx',
  templateCsv: 'Vorlage.csv',
  templateXlsx: 'Vorlage.xlsx',
  uploadReport: 'Pruefergebnis.csv',
} as const;

/** Name of the master-data spreadsheet, dated (e.g. Stammdaten_2026-11-21.xlsx). */
export function masterDataFileName(isoDate: string): string {
  return `Stammdaten_${isoDate}.xlsx`;
}
