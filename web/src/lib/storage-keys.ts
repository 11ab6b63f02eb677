// Local storage keys of the web client; the token's key is the spec's (section 9).
export const ACCESS_TOKEN_KEY = 'access-token';
export const USER_STORAGE_KEY = 'user';
// Session storage (one browser tab, gone when it closes): drafts of booking forms and the reason of a
// login asked for by an expired session (lib/form-drafts.ts).
export const DRAFT_KEY_PREFIX = 'lp-draft:';
export const RELOGIN_KEY = 'lp-relogin';
/** Whether manual entry keeps the invoice for its next line: `${KEEP_INVOICE_KEY}:${userId}`. */
export const KEEP_INVOICE_KEY = 'keep-invoice';
/** The last records a user chose in a picker: `${RECENT_CHOICES_KEY}:${kind}:${userId}`. */
export const RECENT_CHOICES_KEY = 'recent-choices';
