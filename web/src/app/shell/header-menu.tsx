import { NavLink } from 'react-router';
import { NAV_LABELS, UI_LABELS } from '@lp/domain/labels';

const LINKS = [
  { to: '/input', label: NAV_LABELS.input, tooltip: NAV_LABELS.inputTooltip },
  { to: '/transactions', label: NAV_LABELS.bookings, tooltip: NAV_LABELS.bookingsTooltip },
  { to: '/management', label: NAV_LABELS.management, tooltip: NAV_LABELS.managementTooltip },
] as const;

/** The signed-in menu of the spec: three areas and '{email} Abmelden'. */
export function HeaderMenu({ email }: { email: string }) {
  return (
    <nav className="main-menu" aria-label={UI_LABELS.mainMenu}>
      <ul className="main-menu__list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} title={link.tooltip} className="main-menu__link">
              {link.label}
            </NavLink>
          </li>
        ))}
        <li className="main-menu__session">
          <NavLink to="/logout" className="main-menu__link main-menu__link--logout">
            <span className="main-menu__email">{email}</span> {NAV_LABELS.logout}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
