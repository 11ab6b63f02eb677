// The signed-in session lives in local storage (spec: token under 'access-token', user data beside it)
// so it survives reloads and is shared by tabs. Listeners let React re-render when it changes, also
// when another tab signs in or out.
import { ACCESS_TOKEN_KEY, USER_STORAGE_KEY } from './storage-keys';
import type { User } from '@lp/domain/entities';

type Listener = () => void;
const listeners = new Set<Listener>();

export function getAccessToken(): string | null {
  return readStorage(ACCESS_TOKEN_KEY);
}

/** The stored user, or null when absent or unreadable (a damaged entry counts as signed out). */
export function getStoredUser(): User | null {
  const raw = readStorage(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isUser(value) ? value : null;
  } catch {
    return null;
  }
}

/** Signed in means both a token and user data are stored. */
export function hasSession(): boolean {
  return getAccessToken() !== null && getStoredUser() !== null;
}

export function storeSession(token: string, user: User): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(USER_STORAGE_KEY);
  notify();
}

/** Subscribes to session changes (this tab and others); returns the unsubscribe function. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes storage here too; localStorage.clear() reports a null key.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === USER_STORAGE_KEY) notify();
  });
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be disabled by browser policy; then nobody is signed in.
    return null;
  }
}

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.emailAddress === 'string' && typeof v.isAdmin === 'boolean';
}
