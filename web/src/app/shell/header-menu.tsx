import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { User } from '@lp/domain/entities';
import { NAV_LABELS, PROFILE_LABELS, UI_LABELS } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';

const LINKS = [
  { to: '/input', label: NAV_LABELS.input, tooltip: NAV_LABELS.inputTooltip, visible: () => true },
  {
    to: '/transactions',
    label: NAV_LABELS.bookings,
    tooltip: NAV_LABELS.bookingsTooltip,
    visible: () => true,
  },
  {
    to: '/exports',
    label: NAV_LABELS.exports,
    tooltip: NAV_LABELS.exportsTooltip,
    visible: POLICIES['exportBatches:read'],
  },
  {
    to: '/outbox',
    label: NAV_LABELS.outbox,
    tooltip: NAV_LABELS.outboxTooltip,
    visible: POLICIES['mail:read'],
  },
  {
    to: '/status',
    label: NAV_LABELS.status,
    tooltip: NAV_LABELS.statusTooltip,
    visible: () => true,
  },
  {
    to: '/management',
    label: NAV_LABELS.management,
    tooltip: NAV_LABELS.managementTooltip,
    visible: () => true,
  },
] as const;

/**
 * The signed-in menu of the spec: the areas the user may use and '{email} Abmelden'. On a phone the
 * list is behind a disclosure button (issue 57, item 9): the header stays one line, and the menu
 * opens below it; it closes on a choice, on Escape (the keyboard back on the button) and when the
 * page changes. Wider screens show the list and no button (navigation.css).
 */
export function HeaderMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <nav className={open ? 'main-menu main-menu--open' : 'main-menu'} aria-label={UI_LABELS.mainMenu}>
      <button
        ref={toggle}
        type="button"
        className="main-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <svg className="main-menu__toggle-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          {open ? (
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        <span>{UI_LABELS.menuButton}</span>
      </button>
      <ul id={listId} className="main-menu__list">
        {LINKS.filter((link) => link.visible(user)).map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              title={link.tooltip}
              className="main-menu__link"
              onClick={() => setOpen(false)}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink to="/profil" className="main-menu__link" onClick={() => setOpen(false)}>
            {PROFILE_LABELS.link}
          </NavLink>
        </li>
        <li className="main-menu__session">
          <NavLink to="/logout" className="main-menu__link main-menu__link--logout">
            <span className="main-menu__email" title={user.emailAddress}>
              {user.emailAddress}
            </span>{' '}
            {NAV_LABELS.logout}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
