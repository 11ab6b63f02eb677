// The second factor (decisions.md section 15, decision 0079): enrolment, confirmation by a first
// code, removal, an admin's reset, and the check of a code at login. Codes are checked here; how
// often one may try is the caller's throttling (the login guard).
import type { MfaEnrolment, MfaStatus } from '@lp/domain/mfa';
import { mustEnrolSecondFactor } from '@lp/domain/policies';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { MESSAGES } from '@lp/domain/messages';
import { recordUpdated, snapshotForUpdate, type AuditActor } from '../audit/index';
import {
  hashRecoveryCode,
  isRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrCodeDataUrl,
  verifyTotp,
} from './mfa.codes';
import {
  acceptTimeStep,
  confirmSecondFactor,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  selectSecondFactor,
  upsertPendingSecret,
  useRecoveryCode,
  userExists,
} from './mfa.repository';

export type MfaMode = 'optional' | 'required';

interface Who {
  id: number;
  emailAddress: string;
  isAdmin: boolean;
}

export async function secondFactorStatus(db: Db, user: Who, mode: MfaMode): Promise<MfaStatus> {
  const row = await selectSecondFactor(db, user.id);
  const enabled = row?.confirmed === true;
  return {
    enabled,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, user.id) : 0,
    enrolmentRequired: mustEnrolSecondFactor({ ...user, secondFactor: enabled }, mode),
  };
}

/** A new secret for the user's app; refused while a confirmed second factor is in place. */
export async function startEnrolment(db: Db, user: Who): Promise<MfaEnrolment> {
  const secret = newTotpSecret();
  if (!(await upsertPendingSecret(db, user.id, secret))) {
    throw AppError.of('MFA_STATE_CONFLICT', MESSAGES.mfaAlreadyEnabled);
  }
  const url = otpauthUrl(secret, user.emailAddress);
  return { otpauthUrl: url, secret, qrCode: await qrCodeDataUrl(url) };
}

export type ConfirmOutcome = { recoveryCodes: string[] } | 'invalid';

/** The first code confirms the enrolment: from now on the login asks for a code. */
export async function confirmEnrolment(
  db: Db,
  user: Who,
  code: string,
  now = new Date(),
): Promise<ConfirmOutcome> {
  const row = await selectSecondFactor(db, user.id);
  if (!row) throw AppError.of('MFA_STATE_CONFLICT', MESSAGES.mfaNotStarted);
  if (row.confirmed) throw AppError.of('MFA_STATE_CONFLICT', MESSAGES.mfaAlreadyEnabled);
  const timeStep = await verifyTotp(row.secret, code, { now, afterTimeStep: row.lastTimeStep });
  if (timeStep === null) return 'invalid';
  const recoveryCodes = newRecoveryCodes();
  const confirmed = await db.transaction(async (tx) => {
    const before = await snapshotForUpdate(tx, 'user', user.id);
    const done = await confirmSecondFactor(tx, user.id, timeStep, recoveryCodes.map(hashRecoveryCode));
    if (done && before) await recordUpdated(tx, user, 'user', user.id, before, changed(false, true));
    return done;
  });
  return confirmed ? { recoveryCodes } : 'invalid';
}

/**
 * Whether `code` (six digits or a recovery code) is good for the user's confirmed second factor; a
 * good code is used up at once (a TOTP code's step, a recovery code), so the same code fails next time.
 */
export async function checkSecondFactorCode(
  db: Db,
  userId: number,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const row = await selectSecondFactor(db, userId);
  if (!row?.confirmed) return false;
  if (isRecoveryCode(code)) {
    return useRecoveryCode(db, userId, hashRecoveryCode(code));
  }
  const timeStep = await verifyTotp(row.secret, code, { now, afterTimeStep: row.lastTimeStep });
  return timeStep !== null && (await acceptTimeStep(db, userId, timeStep));
}

/** Whether the user has a confirmed second factor (the login then asks for a code). */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  return (await selectSecondFactor(db, userId))?.confirmed === true;
}

/** Removes the second factor of `userId` (one's own after the checks, or an admin's reset); audited. */
export async function removeSecondFactor(db: Db, actor: AuditActor, userId: number): Promise<boolean> {
  if (!(await userExists(db, userId))) throw AppError.notFound();
  return db.transaction(async (tx) => {
    const before = await snapshotForUpdate(tx, 'user', userId);
    const removed = await deleteSecondFactor(tx, userId);
    if (removed && before) await recordUpdated(tx, actor, 'user', userId, before, changed(true, false));
    return removed;
  });
}

const changed = (old: boolean, now: boolean) => ({ secondFactor: { old, new: now } });
