import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { UI_LABELS } from '@lp/domain/labels';

/**
 * Shown when a screen fails to render or its code cannot be loaded (typically a new version was
 * deployed while the page was open): reloading fetches the current files.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('screen failed', error);
  }, [error]);
  return (
    <section className="page page--narrow" role="alert">
      <h1>{UI_LABELS.errorHeading}</h1>
      <p>{UI_LABELS.errorText}</p>
      <p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {UI_LABELS.reload}
        </button>
      </p>
    </section>
  );
}
