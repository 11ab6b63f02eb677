// A success message carried to the next page in the navigation state, shown once: a reload of that
// page must not announce it again, so the state is cleared as soon as the page has read it.
import { useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The notice `read` finds in this page's navigation state (null if none), read once when the page
 * mounts, and the state then replaced by none.
 *
 * The clearing runs as a layout effect, inside the commit that shows the notice. As a passive effect
 * it could run after the user's next navigation had already begun (a click, or a test, right after
 * the notice appears) and, being a later navigation, would pull them back to this page.
 */
export function useOneTimeNotice<T>(
  read: (state: unknown) => T | null,
): [T | null, (notice: T | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState(() => read(location.state));
  const carried = read(location.state) !== null;

  useLayoutEffect(() => {
    if (carried) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [carried, location.pathname, location.search, navigate]);

  return [notice, setNotice];
}
