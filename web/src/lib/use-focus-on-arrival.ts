import { useEffect, useRef } from 'react';

/**
 * A ref for the box that shows the answer to an action, which takes the keyboard when a new answer
 * (`arrival`, not null) shows while the focus is nowhere or still on a button of the box's form or
 * section: the action's button was disabled while it ran, and a disabled button drops the focus to
 * the page, so the next Tab would start from its top. Chromium lets go of it only at its next
 * rendering step, so a quick answer may find the focus still on the button, enabled again; it is
 * taken from there too. From the box, Tab goes on to what follows it. Focus the user has moved
 * elsewhere (a field, another part of the page) stays there.
 */
export function useFocusOnArrival<T extends HTMLElement>(arrival: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (arrival === null || arrival === undefined) return;
    const box = ref.current;
    if (box && focusIsFree(box, document.activeElement)) box.focus();
  }, [arrival]);
  return ref;
}

function focusIsFree(box: HTMLElement, active: Element | null): boolean {
  if (active === null || active === document.body) return true;
  return active instanceof HTMLButtonElement && !!box.closest('form, section')?.contains(active);
}
