import { Link } from 'react-router';
import { UI_LABELS } from '@lp/domain/labels';
import { usePageTitle } from '../../lib/use-page-title';

/** Unknown paths inside the signed-in area. */
export function NotFoundPage() {
  usePageTitle(UI_LABELS.notFoundHeading);
  return (
    <section className="page page--narrow">
      <h1>{UI_LABELS.notFoundHeading}</h1>
      <p>{UI_LABELS.notFoundText}</p>
      <p>
        <Link to="/transactions" className="button button--secondary">
          {UI_LABELS.toHome}
        </Link>
      </p>
    </section>
  );
}
