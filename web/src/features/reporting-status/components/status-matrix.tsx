import { memo, useLayoutEffect, useRef } from 'react';
import { NAV_LABELS, REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import {
  currentMonth,
  formatMonth,
  shownState,
  type CreditorReportingStatus,
  type Month,
} from '@lp/domain/reporting-status';
import { numberNameLabel } from '../../../components/ui/select-options';
import { UrgencyMailButton } from '../../../components/urgency-mail/urgency-mail-button';
import type { UrgencyMailCreditor } from '../../../components/urgency-mail/use-urgency-mail';
import { bookingsOfMonthPath } from '../utils/bookings-link';
import { euro } from '../utils/euro';
import { StateLabel } from './state-label';

interface StatusMatrixProps {
  months: readonly Month[];
  creditors: readonly CreditorReportingStatus[];
  pendingMail: number | undefined;
  onCompose: (creditor: UrgencyMailCreditor) => void;
}

/**
 * Creditors × months. 500 creditors × 36 months are 18,000 cells: each is a plain link (no router
 * component per cell, see RouteLinks) and no part reads a context, so the memoised matrix and rows
 * render only when their own data changes, not on every keystroke or URL change.
 */
export const StatusMatrix = memo(function StatusMatrix({
  months,
  creditors,
  pendingMail,
  onCompose,
}: StatusMatrixProps) {
  const current = currentMonth();
  // A range wider than the frame opens at its newest months, the ones an admin chases; the creditor
  // column stays in view (sticky) and older months are a scroll to the left.
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (frame.current) frame.current.scrollLeft = frame.current.scrollWidth;
  }, [months]);
  return (
    <div
      ref={frame}
      className="table-wrapper status-matrix__wrapper"
      tabIndex={0}
      role="region"
      aria-label={L.matrix}
    >
      <table className="data-table status-matrix" aria-label={L.matrix}>
        <thead>
          <tr>
            <th scope="col" className="status-matrix__creditor">
              {L.creditor}
            </th>
            {months.map((month) => (
              <th key={month} scope="col" className="status-matrix__month">
                {formatMonth(month)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {creditors.length === 0 ? (
            <tr>
              <td colSpan={months.length + 1} className="table-empty">
                {NAV_LABELS.emptyList}
              </td>
            </tr>
          ) : (
            creditors.map((creditor) => (
              <MatrixRow
                key={creditor.number}
                creditor={creditor}
                current={current}
                mailPending={pendingMail === creditor.number}
                onCompose={onCompose}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
});

interface MatrixRowProps {
  creditor: CreditorReportingStatus;
  /** The running month, whose missing cells are shown as `open`. */
  current: Month;
  mailPending: boolean;
  onCompose: (creditor: UrgencyMailCreditor) => void;
}

const MatrixRow = memo(function MatrixRow({ creditor, current, mailPending, onCompose }: MatrixRowProps) {
  const name = numberNameLabel(creditor.number, creditor.name);
  return (
    <tr>
      <th scope="row" className="status-matrix__creditor">
        <span className="status-matrix__name">
          {name}
          {!creditor.isActive && <span className="status-matrix__inactive"> ({L.inactive})</span>}
        </span>
        <UrgencyMailButton creditor={creditor} pending={mailPending} onCompose={onCompose} />
      </th>
      {creditor.months.map((cell) => (
        <td key={cell.month} className={`status-cell status-cell--${shownState(cell, current)}`}>
          <a href={bookingsOfMonthPath(creditor.number, cell.month)} data-route="">
            {/* Context for screen readers before the visible text, which stays part of the name. */}
            <span className="visually-hidden">{L.cellContext(name, formatMonth(cell.month))} </span>
            <StateLabel state={shownState(cell, current)} />
            {cell.count > 0 && (
              <span className="status-cell__figures">
                {cell.count.toLocaleString('de-DE')} · {euro(cell.net)}
              </span>
            )}
          </a>
        </td>
      ))}
    </tr>
  );
});
