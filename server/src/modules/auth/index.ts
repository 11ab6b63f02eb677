// The auth module's door for the rest of the server (eslint-rules/server-layers.js): who is signed
// in (the session user), how a token and a session are checked, and the password rules.
export type { SessionUser } from './session-user';
export { SessionCache } from './session-cache';
export { findSessionUser, findCredentialsByEmail, type SessionCheck } from './session-user.repository';
export { verifyAccessToken, type TokenKeys } from './tokens';
export { isCommonPassword } from './common-passwords';
export { countedRequest, guardedCheck } from './login-guard';
export { accountKey, addressKey } from './login-throttle.repository';
