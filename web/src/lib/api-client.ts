// The one way every feature talks to the API: same-origin relative /api paths, the bearer token from
// the session, German errors as ApiError. A 401 signs the user out (spec section 4); a 5xx or a lost
// connection also shows a short notice, because a silent failure would look like success
// (decisions.md section 2, deliberate deviation).
import { MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { ApiError } from './api-error';
import { forgetLeftForms, keepDraftsForRelogin } from './form-drafts';
import { showNotice } from './notices';
import { watchUntilReachable } from './reconnect';
import { clearSession, getAccessToken, getStoredUser } from './session';

/** The OAuth token call: it never carries a token and its 400/401 mean "wrong credentials". */
export const TOKEN_PATH = '/api/getsecuretoken';

export interface RequestOptions {
  signal?: AbortSignal;
  /** A token to use instead of the stored one: the login's user lookup runs before the session exists. */
  token?: string;
  headers?: Record<string, string>;
}

export interface ApiFetchInit extends Omit<RequestInit, 'headers' | 'signal'>, RequestOptions {}

// Set by the app to navigate within the router; the fallback reloads into the login page.
let onUnauthorized: () => void = () => window.location.assign('/login');

/** Registers what happens after a 401 has cleared the session (the app navigates to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** fetch for the API. Resolves with a 2xx response; rejects with ApiError (or the AbortError). */
export async function apiFetch(path: string, init: ApiFetchInit = {}): Promise<Response> {
  const { token, headers: extraHeaders, ...requestInit } = init;
  const method = (requestInit.method ?? 'GET').toUpperCase();
  const headers = apiHeaders(path, { token, headers: extraHeaders });

  let response: Response;
  try {
    response = await fetch(path, { ...requestInit, method, headers, credentials: 'same-origin' });
  } catch (error) {
    // A cancelled request (react-query on unmount) is no failure the user needs to hear about.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw unansweredCall(method, path, error);
  }
  if (response.ok) {
    // The session holds: forms that left the screen were left on purpose (lib/form-drafts.ts).
    forgetLeftForms();
    return response;
  }
  throw refusedCall(method, path, response.status, await readBody(response), retryAfterOf(response));
}

/**
 * The headers of an API call to `path`: Accept JSON and the bearer token (never on the token call).
 * Exported with the two helpers below for the one call fetch cannot make (an upload with progress).
 */
export function apiHeaders(path: string, { token, headers }: RequestOptions = {}): Headers {
  const isTokenCall = apiPathname(path) === TOKEN_PATH; // throws for anything but a same-origin API path
  const result = new Headers(headers);
  if (!result.has('Accept')) result.set('Accept', 'application/json');
  const bearer = token ?? getAccessToken();
  if (bearer && !isTokenCall) result.set('Authorization', `Bearer ${bearer}`);
  return result;
}

/** A call that got no answer: logged, the notice shown; returns the ApiError (status 0) to throw. */
export function unansweredCall(method: string, path: string, error: unknown): ApiError {
  console.error(`API ${method} ${apiPathname(path)} failed: no answer`, error);
  // Said once (the notice), and taken back when the server answers again (lib/reconnect.ts).
  showNotice(MESSAGES.serverUnreachable);
  watchUntilReachable();
  return new ApiError(0, MESSAGES.serverUnreachable);
}

/**
 * A refused call with its parsed body: a 401 signs out (spec section 4), a 5xx shows the notice;
 * returns the ApiError to throw.
 */
export function refusedCall(
  method: string,
  path: string,
  status: number,
  body: unknown,
  retryAfterSeconds?: number,
): ApiError {
  const pathname = apiPathname(path);
  if (status === 401 && pathname !== TOKEN_PATH) {
    // Before signing out: the open forms keep what was typed for after the new login (issue 12 item 7).
    const user = getStoredUser();
    if (user) keepDraftsForRelogin(user.id, window.location.pathname + window.location.search);
    clearSession();
    onUnauthorized();
  } else {
    console.error(`API ${method} ${pathname} answered ${status}`);
  }
  if (status >= 500) showNotice(MESSAGES.requestFailed);
  return new ApiError(status, messageOf(body, status), errorsOf(body), body, retryAfterSeconds);
}

/** JSON helpers. Bodies are sent as JSON, FormData as multipart; empty answers resolve to undefined. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => requestJson<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    requestJson<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    requestJson<T>('PUT', path, body, options),
  /** A DELETE; `body` for the few that need proof (the second factor's removal: password and code). */
  delete: <T = void>(path: string, options?: RequestOptions, body?: unknown) =>
    requestJson<T>('DELETE', path, body, options),
  /** Form-encoded POST (application/x-www-form-urlencoded), as the OAuth token call expects. */
  postForm: <T>(path: string, fields: Record<string, string>, options?: RequestOptions) =>
    requestJson<T>('POST', path, new URLSearchParams(fields), options),
};

async function requestJson<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) {
    // fetch sets the multipart boundary or the form-encoded type itself.
    payload = body;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await apiFetch(path, { ...options, method, headers, body: payload });
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

// Only same-origin API paths: the token must never travel to another host.
function apiPathname(path: string): string {
  if (!path.startsWith('/api/')) throw new Error(`not an API path: ${path}`);
  return path.split(/[?#]/)[0] ?? path;
}

/** Retry-After in seconds (the delay form; a date form is not sent by this server). */
function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after') ?? '');
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return parseBody(await response.text());
  } catch {
    return undefined;
  }
}

/** An answer's text as JSON; undefined when empty or not JSON (a proxy's HTML error page). */
export function parseBody(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function errorsOf(body: unknown): ValidationMessage[] {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors))
    return [];
  return body.errors.filter(
    (e): e is ValidationMessage =>
      typeof e === 'object' && e !== null && typeof e.message === 'string' && typeof e.property === 'string',
  );
}

function messageOf(body: unknown, status: number): string {
  const first = errorsOf(body)[0];
  if (first) return first.message;
  if (typeof body === 'object' && body !== null && 'error_description' in body) {
    const description = body.error_description;
    if (typeof description === 'string' && description !== '') return description;
  }
  if (status === 401) return MESSAGES.unauthorized;
  if (status === 403) return MESSAGES.forbidden;
  if (status === 404) return MESSAGES.notFound;
  if (status === 429) return MESSAGES.tooManyRequests;
  if (status >= 500) return MESSAGES.serverError;
  return MESSAGES.malformedRequest;
}
