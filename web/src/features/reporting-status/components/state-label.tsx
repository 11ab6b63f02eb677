import { REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import type { ShownState } from '@lp/domain/reporting-status';

/** A state as symbol and word (never colour alone); the colour comes from the cell or tile around it. */
export function StateLabel({ state }: { state: ShownState }) {
  return (
    <span className="status-state">
      <span aria-hidden="true">{L.stateSymbols[state]}</span> {L.states[state]}
    </span>
  );
}
