import { Link } from 'react-router';
import { NAV_LABELS } from '@lp/domain/labels';
import logoUrl from '../../assets/logo.svg';
import { useSessionUser } from '../../lib/use-session-user';
import { GlobalSpinner } from './global-spinner';
import { HeaderMenu } from './header-menu';

export function SiteHeader() {
  const user = useSessionUser();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={user ? '/transactions' : '/login'} className="brand">
          <img className="brand__logo" src={logoUrl} alt="" width="40" height="40" />
          <span className="brand__name">{NAV_LABELS.home}</span>
        </Link>
        <GlobalSpinner />
        {user && <HeaderMenu user={user} />}
      </div>
    </header>
  );
}
