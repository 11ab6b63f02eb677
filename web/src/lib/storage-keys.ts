// Local storage keys of the web client; the token's key is the spec's (section 9).
export const ACCESS_TOKEN_KEY = 'access-token';
export const USER_STORAGE_KEY = 'user';
