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
