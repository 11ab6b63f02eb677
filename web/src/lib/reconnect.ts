// The server could not be reached (issue 57 item 3): ask its health route every few seconds (and at
// once when the browser says it is online again) until it answers, then take the notice back and let
// the app load again what failed. Saves are never repeated on their own: the user sends them again.
import { MESSAGES } from '@lp/domain/messages';
import { dismissNoticeWithMessage } from './notices';

const HEALTH_PATH = '/api/health';
export const RECONNECT_INTERVAL_MS = 3000;

type Listener = () => void;
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setInterval> | null = null;
let checking = false;

/** Called when the server answers again; returns the unsubscribe function. */
export function onReconnect(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts asking the server until it answers (once, however many calls failed). */
export function watchUntilReachable(): void {
  if (timer !== null) return;
  timer = setInterval(() => void check(), RECONNECT_INTERVAL_MS);
  window.addEventListener('online', onOnline);
}

function onOnline() {
  void check();
}

async function check(): Promise<void> {
  if (checking || timer === null) return;
  checking = true;
  try {
    const response = await fetch(HEALTH_PATH, { cache: 'no-store', credentials: 'same-origin' });
    if (response.ok) reachable();
  } catch {
    // Still unreachable: the next tick asks again.
  } finally {
    checking = false;
  }
}

function reachable(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
  window.removeEventListener('online', onOnline);
  dismissNoticeWithMessage(MESSAGES.serverUnreachable);
  for (const listener of listeners) listener();
}
