import { NavLink } from 'react-router';
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

/** The signed-in menu of the spec: the areas the user may use and '{email} Abmelden'. */
export function HeaderMenu({ user }: { user: User }) {
  return (
    <nav className="main-menu" aria-label={UI_LABELS.mainMenu}>
      <ul className="main-menu__list">
        {LINKS.filter((link) => link.visible(user)).map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} title={link.tooltip} className="main-menu__link">
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink to="/profil" className="main-menu__link">
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
