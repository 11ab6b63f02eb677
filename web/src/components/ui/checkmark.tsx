import { UI_LABELS } from '@lp/domain/labels';

/** A ✓ for true, nothing visible for false; screen readers hear 'ja' or 'nein'. */
export function Checkmark({ checked }: { checked: boolean }) {
  return (
    <span className="checkmark" role="img" aria-label={checked ? UI_LABELS.yes : UI_LABELS.no}>
      {checked ? '✓' : ''}
    </span>
  );
}
