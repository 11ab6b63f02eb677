import { NAV_LABELS } from '@lp/domain/labels';
import { cx } from '../../lib/class-names';

export interface SpinnerProps {
  size?: 'small' | 'medium' | 'large';
  /** Announced to screen readers; shown next to the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

/** A busy indicator that screen readers announce as a status. */
export function Spinner({
  size = 'medium',
  label = NAV_LABELS.loading,
  showLabel = false,
  className,
}: SpinnerProps) {
  return (
    <span className={cx('spinner', `spinner--${size}`, className)} role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className={showLabel ? 'spinner__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
