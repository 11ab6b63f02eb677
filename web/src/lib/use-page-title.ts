import { useEffect } from 'react';
import { NAV_LABELS } from '@lp/domain/labels';

/** Names the browser tab after the screen ('Login – Lieferantenportal'); screen readers announce it too. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} – ${NAV_LABELS.home}` : NAV_LABELS.home;
  }, [title]);
}
