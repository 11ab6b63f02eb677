// Drafts of every form (bookings: manual entry, empty report, edit; master data: articles,
// creditors, debitors, users), so that nothing typed is lost when the session ends (expiry,
// deactivation, revocation: kept on the 401, restored once after the new login; issue 12 item 7,
// issue 57 item 2) or when the user switches input tabs (issue 12 item 8). They live in
// sessionStorage: this browser tab only, gone when it closes, keyed by user and form. Never a
// password (useFormDraft's `omit`).
//
// A session usually turns out to have ended only on the next request, which is often the one of the
// page the user went to from the form: by then the form has left the screen. So a form that leaves
// keeps its changed values here in memory until the next API answer: a 2xx (the session still
// holds, the user left on purpose) forgets them, a 401 keeps them with the open forms'.
import { DRAFT_KEY_PREFIX, RELOGIN_KEY } from './storage-keys';

/** A form open on screen whose values a 401 keeps. */
export interface DraftSource {
  userId: number;
  formKey: string;
  /** The values to keep, or null when there is nothing worth keeping (unchanged form). */
  values: () => unknown;
}

/** Why the login screen shows: the session expired, and where the user was. */
export interface Relogin {
  userId: number;
  returnTo: string;
  draftsKept: boolean;
}

const sources = new Set<DraftSource>();
/** Forms that left the screen since the last API answer, by storage key, with their changed values. */
const leftForms = new Map<string, { userId: number; formKey: string; values: unknown }>();
const storageKey = (userId: number, formKey: string) => `${DRAFT_KEY_PREFIX}${userId}:${formKey}`;

export function writeDraft(userId: number, formKey: string, values: unknown): void {
  try {
    sessionStorage.setItem(storageKey(userId, formKey), JSON.stringify(values));
  } catch {
    // Storage full or disabled: the draft is a convenience, the form still works.
  }
}

export function removeDraft(userId: number, formKey: string): void {
  tryStorage(() => sessionStorage.removeItem(storageKey(userId, formKey)));
}

/** Reads and removes a draft: it is restored once. */
export function takeDraft<T>(userId: number, formKey: string): T | null {
  const raw = tryStorage(() => sessionStorage.getItem(storageKey(userId, formKey))) ?? null;
  if (raw === null) return null;
  removeDraft(userId, formKey);
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as T) : null;
  } catch {
    return null;
  }
}

/** Every draft of this tab, e.g. on logout: the next person at this computer sees none. */
export function clearDrafts(): void {
  tryStorage(() => {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith(DRAFT_KEY_PREFIX)) sessionStorage.removeItem(key);
    }
    sessionStorage.removeItem(RELOGIN_KEY);
  });
  leftForms.clear();
}

/** A form left the screen with these changed values; kept until the next API answer decides. */
export function noteLeftForm(userId: number, formKey: string, values: unknown): void {
  leftForms.set(storageKey(userId, formKey), { userId, formKey, values });
}

/** An API call succeeded: the session held when the forms left, so nothing of them is kept. */
export function forgetLeftForms(): void {
  leftForms.clear();
}

/** Registers an open form; returns the unregister function. */
export function registerDraftSource(source: DraftSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

/**
 * The session expired (a 401): keeps the values of every open form of the user and notes where the
 * user was, so the login screen can say why and lead back there.
 */
export function keepDraftsForRelogin(userId: number, returnTo: string): void {
  for (const left of leftForms.values()) {
    if (left.userId === userId) writeDraft(userId, left.formKey, left.values);
  }
  leftForms.clear();
  for (const source of sources) {
    if (source.userId !== userId) continue;
    const values = source.values();
    if (values !== null) writeDraft(userId, source.formKey, values);
  }
  // Also the drafts the input tabs wrote when they were left.
  const draftsKept = hasDrafts(userId);
  const relogin: Relogin = { userId, returnTo, draftsKept };
  tryStorage(() => sessionStorage.setItem(RELOGIN_KEY, JSON.stringify(relogin)));
}

export function readRelogin(): Relogin | null {
  const raw = tryStorage(() => sessionStorage.getItem(RELOGIN_KEY)) ?? null;
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<Relogin> | null;
    if (typeof value?.userId !== 'number' || typeof value.returnTo !== 'string') return null;
    return { userId: value.userId, returnTo: value.returnTo, draftsKept: value.draftsKept === true };
  } catch {
    return null;
  }
}

export function clearRelogin(): void {
  tryStorage(() => sessionStorage.removeItem(RELOGIN_KEY));
}

/** Where a login leads: back to the screen the expired session left, for the same user only. */
export function pathAfterLogin(relogin: Relogin | null, userId: number, fallback: string): string {
  if (!relogin || relogin.userId !== userId) return fallback;
  // Only a path of this app: never an absolute or protocol-relative address.
  return /^\/(?!\/)/.test(relogin.returnTo) && !relogin.returnTo.startsWith('/login')
    ? relogin.returnTo
    : fallback;
}

function hasDrafts(userId: number): boolean {
  const prefix = storageKey(userId, '');
  return tryStorage(() => Object.keys(sessionStorage).some((key) => key.startsWith(prefix))) ?? false;
}

function tryStorage<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    // Storage disabled by browser policy: no drafts, nothing else changes.
    return undefined;
  }
}
