// Route guards (spec: every screen checks for stored user data on load). Loaders run before a
// screen's code is even fetched, so a signed-out visitor never sees a protected screen flash.
import { redirect } from 'react-router';
import { hasSession } from './session';

export function requireSession() {
  return hasSession() ? null : redirect('/login');
}

export function redirectIfSignedIn() {
  return hasSession() ? redirect('/transactions') : null;
}
