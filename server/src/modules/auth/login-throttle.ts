// The rules of login throttling, as pure functions of a counter row and the database's clock:
// - per client address: at most `addressLimit` attempts per fixed window;
// - per user name, whatever the address: after `accountMaxFailures` consecutive failures the name
//   waits `accountLockSeconds`, doubling with each further wait up to `accountLockMaxSeconds`.
//   A successful login clears the name's counter. Names without an account are counted the same,
//   so a 429 never tells whether an account exists.
// An attempt is counted before its password is checked (the row is locked meanwhile), so parallel
// guesses cannot all pass the check before the first failure is stored.
import type { LoginThrottleConfig } from '../../config';

export interface ThrottleRow {
  attempts: number;
  lockCount: number;
  lockedUntil: Date | null;
  expiresAt: Date;
}

export interface ThrottleDecision {
  /** The row to store. */
  row: ThrottleRow;
  /** Seconds the caller has to wait; null: the attempt may go ahead. */
  retryAfterSeconds: number | null;
}

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const secondsUntil = (date: Date, now: Date) =>
  Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000));
const freshRow = (now: Date): ThrottleRow => ({
  attempts: 0,
  lockCount: 0,
  lockedUntil: null,
  expiresAt: now,
});

export function addressAttempt(row: ThrottleRow, now: Date, policy: LoginThrottleConfig): ThrottleDecision {
  const current =
    row.expiresAt <= now
      ? { ...freshRow(now), expiresAt: addSeconds(now, policy.addressWindowSeconds) }
      : row;
  if (current.attempts >= policy.addressLimit) {
    return { row: current, retryAfterSeconds: secondsUntil(current.expiresAt, now) };
  }
  return { row: { ...current, attempts: current.attempts + 1 }, retryAfterSeconds: null };
}

export function accountAttempt(row: ThrottleRow, now: Date, policy: LoginThrottleConfig): ThrottleDecision {
  if (row.lockedUntil !== null && row.lockedUntil > now) {
    return { row, retryAfterSeconds: secondsUntil(row.lockedUntil, now) };
  }
  // Failures and waits are forgotten after the longest wait without any attempt.
  const memory = policy.accountLockMaxSeconds;
  const current = row.expiresAt <= now ? freshRow(now) : row;
  const attempts = current.attempts + 1;
  if (attempts < policy.accountMaxFailures) {
    return {
      row: { ...current, attempts, lockedUntil: null, expiresAt: addSeconds(now, memory) },
      retryAfterSeconds: null,
    };
  }
  // The last attempt before a wait: it is checked, and the wait starts now unless it succeeds
  // (a success clears the row). Attempts arriving meanwhile are refused.
  const lockSeconds = Math.min(
    policy.accountLockSeconds * 2 ** current.lockCount,
    policy.accountLockMaxSeconds,
  );
  const lockedUntil = addSeconds(now, lockSeconds);
  return {
    row: {
      attempts: 0,
      lockCount: current.lockCount + 1,
      lockedUntil,
      expiresAt: addSeconds(lockedUntil, memory),
    },
    retryAfterSeconds: null,
  };
}
