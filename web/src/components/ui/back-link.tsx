import { Link } from 'react-router';
import { UI_LABELS } from '@lp/domain/labels';

/** The back link of a detail screen to its list: one wording and one look everywhere. */
export function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className="back-link">
      <span aria-hidden="true">‹ </span>
      {UI_LABELS.backToOverview}
    </Link>
  );
}
