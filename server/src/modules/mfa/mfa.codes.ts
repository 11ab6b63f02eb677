// The codes of a second factor (decisions.md section 15, decision 0079): TOTP of RFC 6238 through
// otplib (SHA-1, six digits, 30-second steps: what every authenticator app reads from a QR code), and
// recovery codes. Pure functions of their inputs and a clock, so tests fix the time.
import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, normaliseMfaCode } from '@lp/domain/mfa';

/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Lieferantenportal';

/** RFC 6238's time step, otplib's default. */
const TOTP_PERIOD_SECONDS = 30;

/** A code of the step before or after the current one is still taken (clock drift, a slow typist). */
const EPOCH_TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(secret: string, emailAddress: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: emailAddress, secret });
}

/** The otpauth URL as a QR code: an SVG data URL (the CSP's img-src allows data:). */
export async function qrCodeDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step a six-digit code belongs to, or null when it is wrong, outside the tolerance, or of
 * `afterTimeStep` or earlier (already used: replay refused).
 */
export async function verifyTotp(
  secret: string,
  code: string,
  { now, afterTimeStep }: { now: Date; afterTimeStep: number },
): Promise<number | null> {
  const token = normaliseMfaCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret,
    token,
    epoch,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterTimeStep > 0 ? { afterTimeStep } : {}),
  });
  // The matched step is the current one plus the drift (otplib's top-level result type has no `timeStep`).
  return result.valid ? Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta : null;
}

/** 10 characters of Crockford-like base32 (no I, L, O, U), shown as XXXXX-XXXXX. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.randomBytes(10);
    const chars = Array.from(bytes, (b) => ALPHABET[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * A recovery code's stored form. SHA-256, not argon2: the codes are 50 random bits each, so a slow
 * hash adds nothing against guessing, and the login's throttling bounds the online tries.
 */
export function hashRecoveryCode(code: string): string {
  return crypto.createHash('sha256').update(normaliseMfaCode(code)).digest('hex');
}

/** Whether a typed code looks like a recovery code rather than six digits. */
export const isRecoveryCode = (code: string) => /^[0-9A-Z]{10}$/.test(normaliseMfaCode(code));
