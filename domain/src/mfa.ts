// The second factor's shapes (decisions.md section 15), shared by server and web.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';

/** Recovery codes handed out at confirmation, each good for one login. */
export const RECOVERY_CODE_COUNT = 10;

/** Six digits of an authenticator app, or a recovery code (letters and digits, dashes allowed). */
export const MFA_CODE_MAX_LENGTH = 32;

/** A code as a person types it: spaces and dashes are ignored, letters case-insensitive. */
export function normaliseMfaCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

const codeText = z
  .string({ error: MESSAGES.required })
  .max(MFA_CODE_MAX_LENGTH, { error: MESSAGES.mfaCodeInvalid })
  .transform(normaliseMfaCode)
  .refine((code) => /^[0-9A-Z]{6,20}$/.test(code), { error: MESSAGES.mfaCodeInvalid });

/** POST /api/users/me/mfa/confirm. */
export const mfaConfirmSchema = z.object({ code: codeText }, { error: MESSAGES.malformedRequest });

/** DELETE /api/users/me/mfa: the current password and a code. */
export const mfaRemoveSchema = z.object(
  {
    password: z
      .string({ error: MESSAGES.required })
      .min(1, { error: MESSAGES.required })
      .max(PASSWORD_MAX_LENGTH),
    code: codeText,
  },
  { error: MESSAGES.malformedRequest },
);

/** POST /api/users/me/mfa: what an authenticator app needs, also as a QR code (an SVG data URL). */
export interface MfaEnrolment {
  otpauthUrl: string;
  secret: string;
  qrCode: string;
}

/** GET /api/users/me/mfa. */
export interface MfaStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** MFA_FOR_ADMINS=required and none yet: nothing but enrolment is open to this user. */
  enrolmentRequired: boolean;
}

/** The OAuth error answer that asks the login screen for its second step. */
export interface MfaRequiredAnswer {
  error: 'invalid_grant';
  error_description: string;
  mfa_required: true;
  code: 'MFA_REQUIRED';
}
