import { NavLink } from 'react-router';

export interface TabItem {
  to: string;
  label: string;
  /** Active only on its own path, not on the paths below it. */
  end?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Names the tab bar for screen readers, e.g. 'Stammdaten'. */
  label: string;
}

/**
 * Tabs that are links: each tab is a route, so it can be bookmarked and the back button works.
 * The active tab is marked by the router (aria-current="page").
 */
export function Tabs({ items, label }: TabsProps) {
  return (
    <nav className="tabs" aria-label={label}>
      <ul className="tabs__list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className="tabs__tab">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
