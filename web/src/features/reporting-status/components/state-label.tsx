import { REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import type { ShownState } from '@lp/domain/reporting-status';

/**
 * A state as symbol and word (never colour alone); the colour comes from the cell or tile around it.
 * `compact` shows only the symbol and leaves the word to screen readers (the matrix's legend says it).
 */
export function StateLabel({ state, compact = false }: { state: ShownState; compact?: boolean }) {
  return (
    <span className="status-state">
      <span aria-hidden="true">{L.stateSymbols[state]}</span>{' '}
      <span className={compact ? 'visually-hidden' : undefined}>{L.states[state]}</span>
    </span>
  );
}
