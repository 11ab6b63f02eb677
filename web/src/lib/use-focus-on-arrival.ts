import { useEffect, useRef } from 'react';

/**
 * A ref for the box that shows the answer to an action, which takes the keyboard when a new answer
 * (`arrival`, not null) shows while the focus is nowhere: the action's button was disabled while it
 * ran, and a disabled button drops the focus to the page, so the next Tab would start from its top.
 * From the box, Tab goes on to what follows it. Focus the user has moved elsewhere stays there.
 */
export function useFocusOnArrival<T extends HTMLElement>(arrival: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (arrival === null || arrival === undefined) return;
    const active = document.activeElement;
    if (active === null || active === document.body) ref.current?.focus();
  }, [arrival]);
  return ref;
}
