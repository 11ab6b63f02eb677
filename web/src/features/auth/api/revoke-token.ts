import { apiHeaders } from '../../../lib/api-client';

export const LOGOUT_PATH = '/api/logout';

/**
 * `Abmelden` on the server: the token is revoked, so a copy of it is refused too. The session is
 * already cleared when this runs, so not through apiFetch: a failure (offline, token already expired)
 * must neither sign out again nor show a notice. keepalive lets it finish while the app navigates.
 */
export async function revokeToken(token: string): Promise<void> {
  try {
    await fetch(LOGOUT_PATH, {
      method: 'POST',
      headers: apiHeaders(LOGOUT_PATH, { token }),
      credentials: 'same-origin',
      keepalive: true,
    });
  } catch {
    // Nothing to do: the token expires on its own.
  }
}
