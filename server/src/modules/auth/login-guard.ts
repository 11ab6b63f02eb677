// One way to run a secret check (a password, a second-factor code) under the login throttling:
// places reserved per client address and per user name, failures counted when the check answers.
import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/connection';
import { accountAttempt, accountSettled, addressAttempt, addressSettled } from './login-throttle';
import { accountKey, addressKey, reserveAttempt, settleAttempt } from './login-throttle.repository';

export interface GuardedCheck<T> {
  /** false: the secret was wrong, counted as a failure. */
  ok: boolean;
  value: T;
}

export type GuardResult<T> = { retryAfterSeconds: number; account: boolean } | { check: GuardedCheck<T> };

export async function guardedCheck<T>(
  db: Db,
  policy: LoginThrottleConfig,
  who: { address: string; username: string },
  check: () => Promise<GuardedCheck<T>>,
): Promise<GuardResult<T>> {
  const address = addressKey(who.address);
  const addressWait = await reserveAttempt(db, address, (row, now) => addressAttempt(row, now, policy));
  if (addressWait !== null) return { retryAfterSeconds: addressWait, account: false };
  let failed = false;
  try {
    const account = who.username.trim() ? accountKey(who.username) : undefined;
    if (!account) {
      const result = await check();
      failed = !result.ok;
      return { check: result };
    }
    const accountWait = await reserveAttempt(db, account, (row, now) => accountAttempt(row, now, policy));
    if (accountWait !== null) return { retryAfterSeconds: accountWait, account: true };
    let accountFailed = false;
    try {
      const result = await check();
      failed = accountFailed = !result.ok;
      return { check: result };
    } finally {
      await settleAttempt(db, account, (row, now) => accountSettled(row, now, accountFailed, policy));
    }
  } finally {
    await settleAttempt(db, address, (row, now) => addressSettled(row, now, failed, policy));
  }
}

/**
 * One request of a kind that counts whatever its outcome (a password-reset request: each one may
 * send a mail), under `key` with the address rule of `policy`: answers the seconds to wait, or null
 * when it may go ahead, in which case it is already counted. The place it reserved is given back at
 * once, so that parallel requests never wait on each other.
 */
export async function countedRequest(
  db: Db,
  key: string,
  policy: LoginThrottleConfig,
): Promise<number | null> {
  const wait = await reserveAttempt(db, key, (row, now) => addressAttempt(row, now, policy));
  if (wait !== null) return wait;
  await settleAttempt(db, key, (row, now) => addressSettled(row, now, true, policy));
  return null;
}
