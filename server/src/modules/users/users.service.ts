// Business rules of users (decisions.md sections 3 and 7; who may do what in domain/src/policies.ts):
// - admins list, create, change and delete users; a supplier reads and changes only its own record,
//   and only its e-mail address and password: isAdmin, isActive and creditorNumber it sends are
//   ignored (the stored values are kept), so no supplier can raise its rights;
// - an admin has no creditor (its address must not get a creditor's urgency e-mail): one sent with
//   isAdmin is refused, a stored one is dropped when a body makes the user an admin without naming one;
// - an admin can neither remove its own admin right, nor deactivate or delete itself, and nobody
//   can take away the last active admin (checked under a lock, so concurrent changes cannot either);
// - a password change and a deactivation revoke the user's tokens at once;
// - new passwords are no common ones (common-passwords.ts); users changing their own password or
//   e-mail address confirm it with their current password (admins changing others do not).
import crypto from 'node:crypto';
import type { ErrorCode } from '@lp/domain/error-codes';
import type { z } from 'zod';
import type { MasterDataSaveResult, User } from '@lp/domain/entities';
import { USER_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES, PASSWORD_RESET_MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import {
  changesOwnLogin,
  existingUserSchema,
  invitedUserSchema,
  newUserSchema,
  type UserInputBody,
} from '@lp/domain/user.schema';
import { toValidationMessages } from '@lp/domain/validation';
import type { Db } from '../../db/connection';
import { creditors } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertUnchangedBeforeDelete, assertVersion } from '../../lib/record-version';
import { PASSWORD_CHANGED } from '../audit/index';
import {
  recordCreated,
  recordDeleted,
  recordUpdated,
  snapshotForUpdate,
  type AuditActor,
} from '../audit/index';
import type { SessionUser } from '../auth/index';
import { findCredentialsByEmail } from '../auth/index';
import { isCommonPassword } from '../auth/index';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { masterDataExists } from '../master-data/index';
import type { Mailer } from '../mail/index';
import { queueInvitation } from '../password-reset/password-reset.service';
import { hasPgCode, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { toUserResponse } from './users.mapper';
import {
  deleteUserRow,
  emailAddressTaken,
  findPasswordHash,
  insertUser,
  lockActiveAdminIds,
  lockUserVersion,
  selectUser,
  selectUsers,
  updateUserRow,
  type UserValues,
} from './users.repository';
import { hasAccess, requireAccess } from '../../lib/access';

const message = (property: string, text: string): ValidationMessage => ({ property, message: text });
const emailTaken = (email: string) =>
  message(USER_LABELS.emailAddress, MASTER_DATA_MESSAGES.alreadyExists(USER_LABELS.emailAddress, email));
const creditorUnknown = (n: number) =>
  message(USER_LABELS.creditorNumber, MASTER_DATA_MESSAGES.creditorUnknown(n));
const lastAdmin = () => message('', MASTER_DATA_MESSAGES.lastAdmin);
const cannotDelete = (code: ErrorCode, reason: string) =>
  new AppError(code, [message('', MASTER_DATA_MESSAGES.userDeleteFailed), message('', reason)]);

/** The rules that need the database: a unique address and an existing creditor. */
async function checkStored(
  db: Db,
  input: { emailAddress: string; creditorNumber: number | null },
  userId?: number,
): Promise<ValidationMessage[]> {
  const errors: ValidationMessage[] = [];
  if (await emailAddressTaken(db, input.emailAddress, userId)) errors.push(emailTaken(input.emailAddress));
  if (input.creditorNumber !== null && !(await masterDataExists(db, creditors, input.creditorNumber))) {
    errors.push(creditorUnknown(input.creditorNumber));
  }
  return errors;
}

const ruleErrors = (error: z.core.$ZodError) => toValidationMessages(error, USER_LABELS);

const commonPasswordErrors = (password: string | undefined): ValidationMessage[] =>
  password !== undefined && isCommonPassword(password)
    ? [message(USER_LABELS.password, MASTER_DATA_MESSAGES.passwordTooCommon)]
    : [];

async function currentPasswordErrors(
  db: Db,
  id: number,
  currentPassword: unknown,
): Promise<ValidationMessage[]> {
  if (typeof currentPassword !== 'string' || currentPassword === '') {
    return [message(USER_LABELS.currentPassword, MASTER_DATA_MESSAGES.currentPasswordRequired)];
  }
  const valid = await verifyPassword(await findPasswordHash(db, id), currentPassword);
  return valid ? [] : [message(USER_LABELS.currentPassword, MASTER_DATA_MESSAGES.currentPasswordWrong)];
}

/** A race with another request (same address, creditor just deleted) ends as a message, not a 500. */
function constraintMessage(error: unknown, values: UserValues): ValidationMessage {
  if (hasPgCode(error, PG_UNIQUE_VIOLATION)) return emailTaken(values.emailAddress);
  if (hasPgCode(error, PG_FOREIGN_KEY_VIOLATION) && values.creditorNumber !== null) {
    return creditorUnknown(values.creditorNumber);
  }
  throw error;
}

export async function listUsers(db: Db): Promise<User[]> {
  return (await selectUsers(db)).map(toUserResponse);
}

/** The user and its version (the edit form's ETag). */
export async function getUser(
  db: Db,
  actor: SessionUser,
  id: number,
): Promise<{ user: User; version: number }> {
  requireAccess(actor, 'user:view', [{ id }]);
  const user = await selectUser(db, id);
  if (!user) throw AppError.notFound();
  return { user: toUserResponse(user), version: user.version };
}

/** GET /api/users/single?name=: the login screen's lookup of a user by its e-mail address. */
export async function lookUpUser(db: Db, actor: SessionUser, emailAddress: string): Promise<User> {
  requireAccess(actor, 'user:lookUp', [emailAddress]);
  const user = await findCredentialsByEmail(db, emailAddress);
  if (!user) throw AppError.notFound();
  return toUserResponse(user);
}

export async function createUser(
  db: Db,
  actor: AuditActor,
  body: UserInputBody,
  mailer?: Mailer,
): Promise<MasterDataSaveResult> {
  const invite = body.sendInvitation === true && mailer !== undefined;
  const result = (invite ? invitedUserSchema : newUserSchema).safeParse({
    ...body,
    isAdmin: body.isAdmin ?? false,
    isActive: body.isActive ?? true,
    creditorNumber: body.creditorNumber ?? null,
  });
  if (!result.success) return { id: null, errors: ruleErrors(result.error) };
  const input = result.data;
  const errors = [...commonPasswordErrors(input.password), ...(await checkStored(db, input))];
  if (errors.length > 0) return { id: null, errors };
  const values: UserValues = {
    emailAddress: input.emailAddress,
    isAdmin: input.isAdmin,
    isActive: input.isActive,
    creditorNumber: input.creditorNumber,
  };
  // Invited without a password: a random one nobody knows until the user sets their own.
  const passwordHash = await hashPassword(input.password ?? crypto.randomBytes(32).toString('base64url'));
  try {
    const id = await db.transaction(async (tx) => {
      const stored = await insertUser(tx, { ...values, passwordHash });
      await recordCreated(tx, actor, 'user', [stored], PASSWORD_CHANGED);
      if (invite) await queueInvitation(tx, mailer, { id: stored, emailAddress: values.emailAddress });
      return stored;
    });
    return { id, errors: [] };
  } catch (error) {
    return { id: null, errors: [constraintMessage(error, values)] };
  }
}

/** Mails the user a new invitation link (7 days); 404 for no such user, 409 for an inactive one. */
export async function resendInvitation(db: Db, mailer: Mailer, id: number): Promise<void> {
  const user = await selectUser(db, id);
  if (!user) throw AppError.notFound();
  if (!user.isActive) throw AppError.of('USER_INACTIVE', PASSWORD_RESET_MESSAGES.invitationInactive);
  await db.transaction((tx) => queueInvitation(tx, mailer, { id, emailAddress: user.emailAddress }));
}

/** Answers the errors list; empty when stored. */
export async function updateUser(
  db: Db,
  actor: SessionUser,
  id: number,
  body: UserInputBody,
  /** The version the client loaded (If-Match); undefined overwrites whatever is stored. */
  loadedVersion?: number,
): Promise<ValidationMessage[]> {
  requireAccess(actor, 'user:edit', [{ id }]);
  const existing = await selectUser(db, id);
  if (!existing) throw AppError.notFound();
  // Absent fields keep their stored values; flags and creditor are taken only from who manages users.
  const managesUsers = hasAccess(actor, 'users:manage');
  const sent = (key: keyof UserValues, managersOnly: boolean): unknown =>
    body[key] === undefined || (managersOnly && !managesUsers) ? existing[key] : body[key];
  const isAdmin = sent('isAdmin', true);
  const taken = {
    emailAddress: sent('emailAddress', false),
    password: body.password,
    isAdmin,
    isActive: sent('isActive', true),
    // An admin has no creditor: a body that makes or keeps the user an admin without naming a
    // creditor drops the stored one (a supplier promoted by `{"isAdmin": true}`); one it names is refused.
    creditorNumber:
      isAdmin === true && body.creditorNumber === undefined ? null : sent('creditorNumber', true),
  };
  const result = existingUserSchema.safeParse(taken);
  const errors = result.success
    ? [...commonPasswordErrors(result.data.password), ...(await checkStored(db, result.data, id))]
    : ruleErrors(result.error);
  if (actor.id === id && changesOwnLogin(existing.emailAddress, taken.emailAddress, taken.password)) {
    errors.push(...(await currentPasswordErrors(db, id, body.currentPassword)));
  }
  // An admin's own record: it cannot take away its own right to manage users, nor deactivate itself.
  if (actor.id === id && managesUsers) {
    if (taken.isAdmin === false)
      errors.push(message(USER_LABELS.isAdmin, MASTER_DATA_MESSAGES.ownAdminRight));
    if (taken.isActive === false)
      errors.push(message(USER_LABELS.isActive, MASTER_DATA_MESSAGES.ownDeactivation));
  }
  if (!result.success || errors.length > 0) return errors;
  const input = result.data;

  const values: UserValues = {
    emailAddress: input.emailAddress,
    isAdmin: input.isAdmin,
    isActive: input.isActive,
    creditorNumber: input.creditorNumber,
  };
  // Hashed before the transaction: the admin rows stay locked only for the short checks.
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const revokeTokens = passwordHash !== undefined || (existing.isActive && !input.isActive);
  try {
    return await db.transaction(async (tx) => {
      const admins = await lockActiveAdminIds(tx);
      const takesAwayAdmin = admins.includes(id) && (!input.isAdmin || !input.isActive);
      if (takesAwayAdmin && admins.length === 1) return [lastAdmin()];
      const before = await snapshotForUpdate(tx, 'user', id);
      if (!before) throw AppError.notFound();
      // Read after the snapshot has locked the row: no save can slip in between.
      assertVersion(loadedVersion, (await selectUser(tx, id))!.version);
      const stored = await updateUserRow(
        tx,
        id,
        passwordHash ? { ...values, passwordHash } : values,
        revokeTokens,
      );
      if (!stored) throw AppError.notFound();
      await recordUpdated(tx, actor, 'user', id, before, passwordHash ? PASSWORD_CHANGED : {});
      return [];
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    return [constraintMessage(error, values)];
  }
}

/**
 * Refused with 409 (nothing removed) for oneself and for the last active admin, and with 412 when the
 * user changed since the client loaded `loadedVersion` (If-Match).
 */
export async function deleteUser(
  db: Db,
  actor: SessionUser,
  id: number,
  loadedVersion?: number,
): Promise<void> {
  if (actor.id === id) throw cannotDelete('OWN_ACCOUNT', MASTER_DATA_MESSAGES.ownDeletion);
  await db.transaction(async (tx) => {
    const admins = await lockActiveAdminIds(tx);
    await assertUnchangedBeforeDelete(loadedVersion, () => lockUserVersion(tx, id));
    if (admins.includes(id) && admins.length === 1)
      throw cannotDelete('LAST_ADMIN', MASTER_DATA_MESSAGES.lastAdmin);
    await recordDeleted(tx, actor, 'user', [id]);
    if (!(await deleteUserRow(tx, id))) throw AppError.notFound();
  });
}
