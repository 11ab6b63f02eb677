import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * Hands plain links marked `data-route` inside to the router: one click handler for thousands of
 * links instead of a router Link each. Clicks with a modifier key (new tab, new window) stay the
 * browser's.
 */
export function RouteLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  function follow(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest('a[data-route]');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void navigate(link.getAttribute('href')!);
  }
  // The links themselves are the keyboard targets; this only listens to their bubbling clicks.
  return <div onClick={follow}>{children}</div>;
}
