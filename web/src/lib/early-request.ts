// The first request of a page, sent before the app's code has loaded. On a first visit to the bookings
// list (the page every sign-in opens, and most bookmarks) the app's code took ~0.5 s to load and run
// before the list's request even started. The app's entry now sends that request first of all
// (early-request-send.ts); the page takes the answer if it asks for exactly the same path, with the
// same token, within a few seconds, and the first time it asks.
// Any other outcome (no session, another page, an answer other than 2xx, another path) leaves the
// page to ask as usual: the early answer is a head start, never a second source of truth.
import { apiHeaders } from './api-client';
import { getAccessToken, hasSession } from './session';

/** Pages whose first request goes out early: page path → the API path it reads with the same query. */
const EARLY_PAGES: Readonly<Record<string, string>> = { '/transactions': '/api/transactions' };
/** An early answer older than this is not used: a page visit shows the list as it is now. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

interface EarlyRequest {
  path: string;
  token: string;
  sentAt: number;
  controller: AbortController;
  response: Promise<Response | null>;
}

let pending: EarlyRequest | null = null;

/** Sends the early request of the page at `location`, if it has one and a session is stored. */
export function sendEarlyRequest(location: Pick<Location, 'pathname' | 'search'>): void {
  const apiPath = EARLY_PAGES[location.pathname];
  const token = getAccessToken();
  if (apiPath === undefined || token === null || !hasSession()) return;
  const path = `${apiPath}${location.search}`;
  const controller = new AbortController();
  const response = fetch(path, {
    headers: apiHeaders(path, { token }),
    credentials: 'same-origin',
    signal: controller.signal,
  }).then(
    (answer) => (answer.ok ? answer : null),
    () => null,
  );
  pending = { path, token, sentAt: Date.now(), controller, response };
}

/**
 * The early answer to `path` as JSON, or null. There is one chance: the first call takes the early
 * request, whatever its path, and cancels it if it is not the one asked for.
 */
export async function takeEarlyAnswer<T>(path: string): Promise<T | null> {
  const early = pending;
  pending = null;
  if (early === null) return null;
  const usable =
    early.path === path &&
    early.token === getAccessToken() &&
    Date.now() - early.sentAt <= EARLY_ANSWER_MAX_AGE_MS;
  if (!usable) {
    early.controller.abort();
    return null;
  }
  const response = await early.response;
  try {
    return response === null ? null : ((await response.json()) as T);
  } catch {
    return null;
  }
}
