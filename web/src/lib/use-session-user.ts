import { useSyncExternalStore } from 'react';
import type { User } from '@lp/domain/entities';
import { getAccessToken, getStoredUser, subscribeSession } from './session';

// The snapshot must be stable between changes, so the parsed user is cached by its raw JSON.
let cachedRaw: string | null = null;
let cachedUser: User | null = null;

function snapshot(): User | null {
  const user = getAccessToken() === null ? null : getStoredUser();
  const raw = user ? JSON.stringify(user) : null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = user;
  }
  return cachedUser;
}

/** The signed-in user, re-rendering on sign-in and sign-out (also from other tabs); null if none. */
export function useSessionUser(): User | null {
  return useSyncExternalStore(subscribeSession, snapshot, () => null);
}
