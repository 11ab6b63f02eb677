// Short notices for failures that have no place on a screen (a 5xx or a lost connection): a tiny store
// outside React so the API client can raise them, shown by the shell's notice area.
export interface Notice {
  id: number;
  message: string;
}

type Listener = () => void;
let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

/** Shows a notice unless the same text is already visible (retries must not stack copies). */
export function showNotice(message: string): void {
  if (notices.some((n) => n.message === message)) return;
  notices = [...notices, { id: nextId++, message }];
  notify();
}

export function dismissNotice(id: number): void {
  notices = notices.filter((n) => n.id !== id);
  notify();
}

/** Removes the notice with this text, if one shows (the server answers again). */
export function dismissNoticeWithMessage(message: string): void {
  if (!notices.some((n) => n.message === message)) return;
  notices = notices.filter((n) => n.message !== message);
  notify();
}

export function getNotices(): readonly Notice[] {
  return notices;
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}
