// Local storage keys of the web client; the token's key is the spec's (section 9).
export const ACCESS_TOKEN_KEY = 'access-token';
export const USER_STORAGE_KEY = 'user';
/** The last records a user chose in a picker: `${RECENT_CHOICES_KEY}:${kind}:${userId}`. */
export const RECENT_CHOICES_KEY = 'recent-choices';
