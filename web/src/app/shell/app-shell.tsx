import { Outlet, ScrollRestoration } from 'react-router';
import { UI_LABELS } from '@lp/domain/labels';
import { NoticeArea } from './notice-area';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The frame of every page: header (logo, menu, spinner), the screen, footer and the notice area. */
export function AppShell() {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {UI_LABELS.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" className="app__main" tabIndex={-1}>
        <div className="container">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
      <NoticeArea />
      <ScrollRestoration />
    </div>
  );
}
