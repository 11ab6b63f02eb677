// The rules of login throttling, as pure functions of a counter row and the database's clock
// (decision 0075, which refines 0009):
// - per client address: at most `addressLimit` failed logins per fixed window;
// - per user name, whatever the address: after `accountMaxFailures` consecutive failures the name
//   waits `accountLockSeconds`, doubling with each further wait up to `accountLockMaxSeconds`.
//   A successful login clears the name's failures. Names without an account are counted the same,
//   so a 429 never tells whether an account exists.
// Failures are counted, not attempts: a correct login costs nothing. So that parallel guesses cannot
// all pass the check before the first failure is stored, an attempt reserves a place while its
// password is checked (`pending`): failures plus places held never exceed the limit. An attempt that
// finds every remaining place held waits for them to be settled; it is refused only when the
// failures alone reach the limit.
import type { LoginThrottleConfig } from '../../config';

export interface ThrottleRow {
  /** Failures counted (in the address's window, or in a row for a user name). */
  attempts: number;
  lockCount: number;
  lockedUntil: Date | null;
  expiresAt: Date;
  /** Attempts being checked right now; forgotten at pendingUntil (a server that died holding them). */
  pending: number;
  pendingUntil: Date | null;
}

/** `go`: the attempt holds a place and may be checked; `wait`: try again soon; a number: seconds to wait. */
export type ThrottleOutcome = 'go' | 'wait' | { retryAfterSeconds: number };

export interface ThrottleDecision {
  /** The row to store. */
  row: ThrottleRow;
  outcome: ThrottleOutcome;
}

/** How long a place is held at most: far longer than a password check, short after a crash. */
export const PENDING_SECONDS = 30;

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const secondsUntil = (date: Date, now: Date) =>
  Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 1000));

/** The places still held at `now`. */
const heldPlaces = (row: ThrottleRow, now: Date) =>
  row.pendingUntil !== null && row.pendingUntil > now ? row.pending : 0;

function reserve(row: ThrottleRow, failures: number, limit: number, now: Date): ThrottleDecision {
  const pending = heldPlaces(row, now);
  if (failures + pending >= limit) return { row, outcome: 'wait' };
  const pendingUntil = addSeconds(now, PENDING_SECONDS);
  // The clean-up keeps a row while a place in it is held (login-throttle.repository.ts).
  return { row: { ...row, pending: pending + 1, pendingUntil }, outcome: 'go' };
}

/** Gives back one place (whether or not it is still recorded). */
const release = (row: ThrottleRow, now: Date): ThrottleRow => ({
  ...row,
  pending: Math.max(0, heldPlaces(row, now) - 1),
});

const currentFailures = (row: ThrottleRow, now: Date) => (row.expiresAt <= now ? 0 : row.attempts);

export function addressAttempt(row: ThrottleRow, now: Date, policy: LoginThrottleConfig): ThrottleDecision {
  const failures = currentFailures(row, now);
  if (failures >= policy.addressLimit) {
    return { row, outcome: { retryAfterSeconds: secondsUntil(row.expiresAt, now) } };
  }
  return reserve(row, failures, policy.addressLimit, now);
}

/** The end of an attempt reserved by addressAttempt. A success only gives its place back. */
export function addressSettled(
  row: ThrottleRow,
  now: Date,
  failed: boolean,
  policy: LoginThrottleConfig,
): ThrottleRow {
  const released = release(row, now);
  if (!failed) return released;
  // A failure in an expired window opens a new one.
  const windowOpen = row.expiresAt > now;
  return {
    ...released,
    attempts: (windowOpen ? row.attempts : 0) + 1,
    expiresAt: windowOpen ? row.expiresAt : addSeconds(now, policy.addressWindowSeconds),
  };
}

export function accountAttempt(row: ThrottleRow, now: Date, policy: LoginThrottleConfig): ThrottleDecision {
  if (row.lockedUntil !== null && row.lockedUntil > now) {
    return { row, outcome: { retryAfterSeconds: secondsUntil(row.lockedUntil, now) } };
  }
  return reserve(row, currentFailures(row, now), policy.accountMaxFailures, now);
}

/** The end of an attempt reserved by accountAttempt: a success clears the failures and waits. */
export function accountSettled(
  row: ThrottleRow,
  now: Date,
  failed: boolean,
  policy: LoginThrottleConfig,
): ThrottleRow {
  const released = release(row, now);
  if (!failed) return { ...released, attempts: 0, lockCount: 0, lockedUntil: null };
  // Failures and waits are forgotten after the longest wait without any failure.
  const memory = policy.accountLockMaxSeconds;
  const current = row.expiresAt <= now ? { attempts: 0, lockCount: 0 } : row;
  const attempts = current.attempts + 1;
  if (attempts < policy.accountMaxFailures) {
    return { ...released, attempts, lockCount: current.lockCount, expiresAt: addSeconds(now, memory) };
  }
  const lockSeconds = Math.min(
    policy.accountLockSeconds * 2 ** current.lockCount,
    policy.accountLockMaxSeconds,
  );
  const lockedUntil = addSeconds(now, lockSeconds);
  return {
    ...released,
    attempts: 0,
    lockCount: current.lockCount + 1,
    lockedUntil,
    expiresAt: addSeconds(lockedUntil, memory),
  };
}
