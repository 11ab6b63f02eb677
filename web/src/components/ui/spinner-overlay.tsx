import { NAV_LABELS } from '@lp/domain/labels';
import { Spinner } from './spinner';

/**
 * A full-page overlay for long actions (upload, export): it shows that work is under way and keeps the
 * user from starting a second action meanwhile.
 */
export function SpinnerOverlay({ label = NAV_LABELS.loading }: { label?: string }) {
  return (
    <div className="spinner-overlay" aria-busy="true">
      <div className="spinner-overlay__panel">
        <Spinner size="large" label={label} showLabel />
      </div>
    </div>
  );
}
