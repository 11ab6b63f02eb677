import { memo } from 'react';
import { NAV_LABELS, REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import {
  addMonths,
  currentMonth,
  formatMonth,
  shownState,
  type CreditorReportingStatus,
  type Month,
} from '@lp/domain/reporting-status';
import { formatDateTime } from '@lp/domain/dates';
import { cx } from '../../../lib/class-names';
import { numberNameLabel } from '../../../components/ui/select-options';
import { UrgencyMailButton } from '../../../components/urgency-mail/urgency-mail-button';
import type { UrgencyMailCreditor } from '../../../components/urgency-mail/use-urgency-mail';
import type { SentReminder, SentRemindersByCreditor } from '../api/get-sent-reminders';
import { bookingsOfMonthPath } from '../utils/bookings-link';
import { euro } from '../utils/euro';
import { StateLabel } from './state-label';

interface StatusMatrixProps {
  months: readonly Month[];
  creditors: readonly CreditorReportingStatus[];
  pendingMail: number | undefined;
  onCompose: (creditor: UrgencyMailCreditor) => void;
  /** The reminders of the plan sent per creditor and month (undefined while loading). */
  reminders: SentRemindersByCreditor | undefined;
}

const NO_REMINDERS: ReadonlyMap<string, readonly SentReminder[]> = new Map();

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
  reminders,
}: StatusMatrixProps) {
  const current = currentMonth();
  const recent = recentMonthClass(current);
  // No frame of its own: the page scrolls (decision 0080). The month row and the creditor column
  // stick to the window's edges, and a year fits beside the creditor column at 1366 px.
  return (
    <div className="status-matrix__wrapper">
      <StateLegend />
      <table className="data-table status-matrix" aria-label={L.matrix}>
        <thead>
          <tr>
            <th scope="col" className="status-matrix__creditor">
              {L.creditor}
            </th>
            {months.map((month) => (
              <th key={month} scope="col" className={cx('status-matrix__month', recent(month))}>
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
                recent={recent}
                mailPending={pendingMail === creditor.number}
                onCompose={onCompose}
                reminders={reminders?.get(creditor.number) ?? NO_REMINDERS}
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
  recent: (month: Month) => string;
  mailPending: boolean;
  onCompose: (creditor: UrgencyMailCreditor) => void;
  /** This creditor's reminders sent, per month. */
  reminders: ReadonlyMap<string, readonly SentReminder[]>;
}

const MatrixRow = memo(function MatrixRow({
  creditor,
  current,
  recent,
  mailPending,
  onCompose,
  reminders,
}: MatrixRowProps) {
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
        <td
          key={cell.month}
          className={cx('status-cell', `status-cell--${shownState(cell, current)}`, recent(cell.month))}
        >
          <a href={bookingsOfMonthPath(creditor.number, cell.month)} data-route="">
            {/* Context for screen readers before the visible text, which stays part of the name. */}
            <span className="visually-hidden">{L.cellContext(name, formatMonth(cell.month))} </span>
            {/* Compact: symbol and count on one line, the sum below; the word is read out (and
                explained by the legend above), so twelve months fit beside the creditors. */}
            <span className="status-cell__line">
              <StateLabel state={shownState(cell, current)} compact />
              {cell.count > 0 && (
                <span className="status-cell__count">
                  {cell.count.toLocaleString('de-DE')}
                  <span className="visually-hidden"> · </span>
                </span>
              )}
              <ReminderMark sent={reminders.get(cell.month)} />
            </span>
            {cell.count > 0 && <span className="status-cell__figures">{euro(cell.net)}</span>}
          </a>
        </td>
      ))}
    </tr>
  );
});

/** ✉ and the number of reminders sent for the month; the steps and times in words (title, read out). */
function ReminderMark({ sent }: { sent: readonly SentReminder[] | undefined }) {
  if (!sent || sent.length === 0) return null;
  const words = L.remindersSent(
    sent.map((r) => ({ workingDay: r.workingDay, at: formatDateTime(r.sentAt) })),
  );
  return (
    <span className="status-cell__reminder" title={words}>
      <span aria-hidden="true">
        {L.reminderSymbol}
        {sent.length > 1 ? sent.length : ''}
      </span>
      <span className="visually-hidden"> · {words}</span>
    </span>
  );
}

/** The class that emphasises the running and the last month (the ones an admin chases). */
function recentMonthClass(current: Month): (month: Month) => string {
  const last = addMonths(current, -1);
  return (month) =>
    month === current ? 'status-recent status-recent--current' : month === last ? 'status-recent' : '';
}

/** What the compact cells' symbols mean, with their colours. */
function StateLegend() {
  const states = ['reported', 'empty', 'missing', 'open'] as const;
  return (
    <ul className="status-legend" aria-label={L.legend}>
      {states.map((state) => (
        <li key={state} className={`status-legend__item status-cell--${state}`}>
          <StateLabel state={state} />
        </li>
      ))}
      <li className="status-legend__item">
        <span aria-hidden="true">{L.reminderSymbol}</span> {L.reminderLegend}
      </li>
    </ul>
  );
}
