// Password reset and invitations (decisions.md section 13). A reset request writes the token and the
// mail in one transaction, for active users only; nothing in its answer or its timing tells whether
// the address has an account (password-reset.routes.ts). Confirming sets the password under the
// same rules as the user form, revokes the user's sessions and records the change in the audit trail.
import { eq, sql } from 'drizzle-orm';
import { USER_LABELS } from '@lp/domain/labels';
import { INVITATION_LIFETIME_DAYS, PASSWORD_RESET_LIFETIME_MINUTES } from '@lp/domain/limits';
import { invitationMail, passwordResetMail } from '@lp/domain/mail-texts';
import { MASTER_DATA_MESSAGES, PASSWORD_RESET_MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { isEmailAddressPassword, passwordRule } from '@lp/domain/user.schema';
import type { Db, DbOrTx } from '../../db/connection';
import { users } from '../../db/schema';
import { PASSWORD_CHANGED } from '../audit/index';
import { recordUpdated, snapshotForUpdate } from '../audit/index';
import { isCommonPassword } from '../auth/index';
import { hashPassword } from '../../lib/passwords';
import type { Mailer } from '../mail/index';
import { createPasswordToken, usePasswordToken } from './password-tokens.repository';

export const RESET_PATH = '/reset-password';

async function activeUserByEmail(db: DbOrTx, emailAddress: string) {
  const [row] = await db
    .select({ id: users.id, emailAddress: users.emailAddress, isActive: users.isActive })
    .from(users)
    .where(eq(sql`lower(${users.emailAddress})`, emailAddress.trim().toLowerCase()));
  return row?.isActive ? row : undefined;
}

/** Queues the reset mail when `emailAddress` belongs to an active user; otherwise does nothing. */
export async function requestPasswordReset(db: Db, mailer: Mailer, emailAddress: string): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await activeUserByEmail(tx, emailAddress);
    if (!user) return;
    const token = await createPasswordToken(tx, user.id, 'reset', PASSWORD_RESET_LIFETIME_MINUTES * 60);
    const mail = passwordResetMail(mailer.link(RESET_PATH, { token }));
    await mailer.queue(tx, { kind: 'passwordReset', to: [user.emailAddress], ...mail });
  });
}

/** Queues an invitation to `userId` (in the caller's transaction). */
export async function queueInvitation(
  tx: DbOrTx,
  mailer: Mailer,
  user: { id: number; emailAddress: string },
) {
  const token = await createPasswordToken(tx, user.id, 'invitation', INVITATION_LIFETIME_DAYS * 24 * 3600);
  const mail = invitationMail(mailer.link(RESET_PATH, { token }), user.emailAddress);
  await mailer.queue(tx, { kind: 'invitation', to: [user.emailAddress], ...mail });
}

const passwordError = (message: string): ValidationMessage => ({ property: USER_LABELS.password, message });
const tokenError = (message: string): ValidationMessage => ({ property: '', message });

export interface Refused {
  code: 'PASSWORD_LINK_INVALID' | 'PASSWORD_REJECTED';
  errors: ValidationMessage[];
}

const rejected = (errors: ValidationMessage[]): Refused => ({ code: 'PASSWORD_REJECTED', errors });

/** Sets the password of the token's user; null on success, else why not (nothing changed). */
export async function confirmPasswordReset(db: Db, token: string, password: string): Promise<Refused | null> {
  const rule = passwordRule.safeParse(password);
  if (!rule.success) return rejected(rule.error.issues.map((issue) => passwordError(issue.message)));
  if (isCommonPassword(password)) return rejected([passwordError(MASTER_DATA_MESSAGES.passwordTooCommon)]);
  // Hashed before the transaction (argon2 takes a while); thrown away if the token is no good.
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => setPassword(tx, token, passwordHash, password));
  } catch (error) {
    // Refused after the token was found: its use is rolled back with everything else.
    if (error instanceof Refusal) return rejected(error.messages);
    throw error;
  }
}

class Refusal extends Error {
  constructor(readonly messages: ValidationMessage[]) {
    super(messages.map((m) => m.message).join('; '));
  }
}

async function setPassword(
  tx: DbOrTx,
  token: string,
  passwordHash: string,
  password: string,
): Promise<Refused | null> {
  const use = await usePasswordToken(tx, token);
  if ('problem' in use) {
    const messages = {
      unknown: PASSWORD_RESET_MESSAGES.tokenUnknown,
      expired: PASSWORD_RESET_MESSAGES.tokenExpired,
      used: PASSWORD_RESET_MESSAGES.tokenUsed,
    };
    return { code: 'PASSWORD_LINK_INVALID', errors: [tokenError(messages[use.problem])] };
  }
  const [user] = await tx
    .select({ emailAddress: users.emailAddress, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, use.userId));
  if (!user?.isActive) {
    return { code: 'PASSWORD_LINK_INVALID', errors: [tokenError(PASSWORD_RESET_MESSAGES.tokenUnknown)] };
  }
  if (isEmailAddressPassword(password, user.emailAddress)) {
    throw new Refusal([passwordError(MASTER_DATA_MESSAGES.passwordIsEmailAddress)]);
  }
  const before = await snapshotForUpdate(tx, 'user', use.userId);
  await tx
    .update(users)
    .set({
      passwordHash,
      version: sql`${users.version} + 1`,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, use.userId));
  if (before) await recordUpdated(tx, user, 'user', use.userId, before, PASSWORD_CHANGED);
  return null;
}
