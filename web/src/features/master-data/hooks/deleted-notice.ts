// After a delete the edit page leaves for the list; the list says what was deleted, once (a reload of
// the list must not announce it again).
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The navigation state that carries the success message to the list. */
export const deletedState = (message: string) => ({ deleted: message });

const deletedMessageOf = (state: unknown): string | null => {
  if (typeof state !== 'object' || state === null) return null;
  const deleted = (state as { deleted?: unknown }).deleted;
  return typeof deleted === 'string' ? deleted : null;
};

/** The list's success message after a delete, and how to close it. */
export function useDeletedNotice(): { message: string | null; dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const [message, setMessage] = useState(() => deletedMessageOf(location.state));

  useEffect(() => {
    if (deletedMessageOf(location.state) !== null) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate]);

  return { message, dismiss: () => setMessage(null) };
}
