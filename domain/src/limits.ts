// Business limits of decisions.md sections 4, 5 and 7: each lives here once. The database column
// lengths (server/src/db/schema.ts), the zod schemas and the forms all read them from here.

/** Bookings per page, in the list and in the API. */
export const PAGE_SIZE = 50;
/** The bookings list's free-text search. */
export const SEARCH_MAX_LENGTH = 200;
/** Delivery location and additional information. */
export const TEXT_MAX_LENGTH = 75;
export const INVOICE_NUMBER_MAX_LENGTH = 50;
export const NAME_MAX_LENGTH = 200;
export const STREET_MAX_LENGTH = 200;
export const ZIP_CODE_MAX_LENGTH = 10;
export const CITY_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** A stored file name (export and upload batches); longer upload names are cut. */
export const FILE_NAME_MAX_LENGTH = 255;
/** Largest PostgreSQL integer: business numbers and row ids are stored as such. */
const INTEGER_MAX = 2_147_483_647;
/** Largest business number. */
export const BUSINESS_NUMBER_MAX = INTEGER_MAX;
/** Largest row id (serial columns: users, bookings); a larger id in a path is simply not found. */
export const ID_MAX = INTEGER_MAX;
/** Absolute net amount limit in euros; negative amounts are credit notes. */
export const NET_MAX_ABS = 10_000_000;
/** Earliest accepted invoice date (ISO). */
export const INVOICE_DATE_MIN_ISO = '2000-01-01';
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/** A password of fewer different characters ('1111111111', ten spaces, 'abababab12') is guessed at once. */
export const PASSWORD_MIN_DISTINCT_CHARACTERS = 5;
export const UPLOAD_MAX_MEGABYTES = 20;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MEGABYTES * 1024 * 1024;
export const UPLOAD_MAX_ROWS = 100_000;
/**
 * Filled rows above the header that an upload skips as a title ("Buchungen März 2026"): rows that name
 * none of the columns. The header must be among the first UPLOAD_TITLE_ROWS_MAX + 1 filled rows.
 */
export const UPLOAD_TITLE_ROWS_MAX = 5;
/** Errors (and, separately, warnings) of an upload listed on screen; the downloadable report has all. */
export const UPLOAD_MESSAGES_SHOWN = 1_000;
/**
 * Cells of an xlsx worksheet and entries of its shared-strings table. Both are held in memory while
 * the sheet is read; a full upload (100,000 rows of the 14 export columns, 1.4 million cells) stays
 * below them, a file built to exhaust memory (millions of tiny shared strings) is refused before.
 */
export const XLSX_MAX_CELLS = 2_000_000;
export const XLSX_MAX_SHARED_STRINGS = 1_500_000;
/**
 * Entries of an xlsx's styles (fonts, fills, borders, number and cell formats): the reader walks them
 * all (exceljs, its reader until decision 0062, made an object of each). Excel itself keeps at most
 * 64,000 cell formats.
 */
export const XLSX_MAX_STYLE_ENTRIES = 100_000;
/**
 * Rich-text runs (differently formatted pieces of one text) of an xlsx (exceljs, its reader until
 * decision 0062, made an object of each, about 150 bytes). Real files format a few headings; a file of
 * millions was built to exhaust memory.
 */
export const XLSX_MAX_RICH_TEXT_RUNS = 200_000;
/** Uploads of one user at once: one is imported, the others wait their turn; more is a 429. */
export const UPLOADS_PER_USER = 3;
/**
 * An upload whose bytes stop arriving for this long is ended, freeing its place among
 * UPLOADS_PER_USER and the server's: a client that sent its headers and stalled held one for as long
 * as it kept the connection open. A slow line still sends something every few milliseconds.
 */
export const UPLOAD_IDLE_TIMEOUT_MS = 30_000;
/** Article numbers are shown zero-padded to this many digits. */
export const ARTICLE_NUMBER_DIGITS = 6;
/**
 * Longest text any JSON request field may carry: beyond it the request is malformed (400). The
 * business maxima above are lower and answered with their own messages; this bound only keeps a
 * hostile body from reaching the rules (issue 9).
 */
export const REQUEST_TEXT_MAX_LENGTH = 1_000;
/** Bookings one delete or export-selected request may name (the list selects within a page). */
export const SELECTION_MAX = 1_000;
/** The most upload batches one `GET /api/uploads?limit=` answers. */
export const UPLOAD_BATCHES_LIMIT_MAX = 1_000;
/** Months of the reporting status shown by default, and at most (decisions.md section 10). */
export const REPORTING_STATUS_DEFAULT_MONTHS = 12;
export const REPORTING_STATUS_MAX_MONTHS = 36;
/**
 * Years the bookings are kept (GoBD, § 147 AO: ten years from the end of the calendar year of the
 * record). `npm run retention` removes only bookings invoiced before 1 January of the year this many
 * years back.
 */
export const RETENTION_YEARS = 10;

/** Mails per page of the outbox (Postausgang). */
export const OUTBOX_PAGE_SIZE = 50;
/**
 * Delivery attempts of one mail before it is `failed`. The queue waits exp(attempt) seconds between
 * them (3 s, 7 s, 20 s, … about 4 hours in all), so a relay down for an afternoon only delays mail.
 */
export const MAIL_MAX_ATTEMPTS = 12;
/** A password-reset link is good for this long, and once. */
export const PASSWORD_RESET_LIFETIME_MINUTES = 60;
/** An invitation link (a new user sets the first password) is good for this long, and once. */
export const INVITATION_LIFETIME_DAYS = 7;
