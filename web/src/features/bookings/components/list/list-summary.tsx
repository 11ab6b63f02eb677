import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { formatAmount } from '@lp/domain/numbers';

/** How many bookings the filter finds and their net sum (over all pages, not just this one). */
export function ListSummary({ total, netSum }: { total: number; netSum: number }) {
  return (
    <p className="list-summary" aria-live="polite">
      <span className="list-summary__count">{L.count(total)}</span>
      <span className="list-summary__sum">
        {L.netSum}: <strong>{formatAmount(netSum)} €</strong>
      </span>
    </p>
  );
}
