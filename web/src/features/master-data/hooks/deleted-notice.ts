// After a delete the edit page leaves for the list; the list says what was deleted, once (a reload of
// the list must not announce it again).
import { useOneTimeNotice } from './one-time-notice';

/** The navigation state that carries the success message to the list. */
export const deletedState = (message: string) => ({ deleted: message });

const deletedMessageOf = (state: unknown): string | null => {
  if (typeof state !== 'object' || state === null) return null;
  const deleted = (state as { deleted?: unknown }).deleted;
  return typeof deleted === 'string' ? deleted : null;
};

/** The list's success message after a delete, and how to close it. */
export function useDeletedNotice(): { message: string | null; dismiss: () => void } {
  const [message, setMessage] = useOneTimeNotice(deletedMessageOf);
  return { message, dismiss: () => setMessage(null) };
}
