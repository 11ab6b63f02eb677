// The second factor's door for the rest of the server (eslint-rules/server-layers.js): the login's
// check of a code.
export { checkSecondFactorCode, hasSecondFactor, type MfaMode } from './mfa.service';
