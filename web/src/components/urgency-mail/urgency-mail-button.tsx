import { MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { numberNameLabel } from '../ui/select-options';
import type { UrgencyMailCreditor } from './use-urgency-mail';

interface UrgencyMailButtonProps {
  creditor: UrgencyMailCreditor;
  pending: boolean;
  onCompose: (creditor: UrgencyMailCreditor) => void;
}

/** The action of one creditor row; screen readers hear which creditor it is for. */
export function UrgencyMailButton({ creditor, pending, onCompose }: UrgencyMailButtonProps) {
  const name = numberNameLabel(creditor.number, creditor.name);
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      // The visible words first, then whom it is for (what screen readers and voice control hear).
      aria-label={`${L.urgencyMailAction} ${name}`}
      title={L.urgencyMailFor(name)}
      disabled={pending}
      onClick={() => onCompose(creditor)}
    >
      {L.urgencyMailAction}
    </button>
  );
}
