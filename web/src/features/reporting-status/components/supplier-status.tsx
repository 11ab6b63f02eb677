import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { User } from '@lp/domain/entities';
import { REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import { REPORTING_STATUS_UI_MESSAGES as M } from '@lp/domain/messages';
import { formatMonth, shownState, type CreditorMonthStatus } from '@lp/domain/reporting-status';
import { isSaved } from '@lp/domain/save-result';
import { Alert } from '../../../components/ui/alert';
import { useMessageDialog } from '../../../components/ui/message-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useFileEmptyReport } from '../api/file-empty-report';
import { useReportingStatus } from '../api/get-reporting-status';
import { bookingsOfMonthPath } from '../utils/bookings-link';
import { euro } from '../utils/euro';
import { readStatusPageState, writeStatusPageState } from '../utils/page-state';
import { MonthRange } from './month-range';
import { StateLabel } from './state-label';

type Feedback = { variant: 'success' | 'error'; messages: string[] } | null;

/** A supplier's view: its own months as a strip; a missing month gets its empty report in one click. */
export function SupplierStatus({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const state = readStatusPageState(params);
  const status = useReportingStatus(state.query);
  const emptyReport = useFileEmptyReport();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const creditorNumber = user.creditorNumber;

  const dialogs = useMessageDialog();

  async function fileEmptyReport(month: string) {
    if (creditorNumber === null) return;
    const confirmed = await dialogs.confirm(M.emptyReportConfirm(formatMonth(month)), {
      confirmLabel: L.emptyReportAction,
    });
    if (!confirmed) return;
    setFeedback(null);
    emptyReport.mutate(
      { month, creditorNumber },
      {
        onSuccess: (result) =>
          setFeedback(
            isSaved(result)
              ? { variant: 'success', messages: [M.emptyReportSaved(formatMonth(month))] }
              : {
                  variant: 'error',
                  messages: [...result.errors, ...result.warnings].map((m) => m.message),
                },
          ),
        onError: (error) => setFeedback({ variant: 'error', messages: [error.message] }),
      },
    );
  }

  const creditor = status.data?.creditors[0];
  return (
    <>
      <p className="status-intro">{L.supplierIntro}</p>
      <div className="status-controls">
        <MonthRange
          query={state.query}
          onChange={(range) =>
            setParams(writeStatusPageState({ ...state, query: { ...state.query, ...range } }), {
              replace: true,
            })
          }
        />
      </div>
      {feedback && (
        <Alert variant={feedback.variant} onDismiss={() => setFeedback(null)}>
          {feedback.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Alert>
      )}
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <Alert variant="error">
          <p>{status.error.message}</p>
        </Alert>
      ) : !creditor ? (
        <Alert variant="info">
          <p>{M.noCreditor}</p>
        </Alert>
      ) : (
        <section aria-labelledby="status-strip-heading">
          <h2 id="status-strip-heading">{L.yourMonths}</h2>
          <ol className="status-strip">
            {creditor.months.map((cell) => (
              <MonthTile
                key={cell.month}
                cell={cell}
                creditorNumber={creditor.number}
                busy={emptyReport.isPending}
                onEmptyReport={(month) => void fileEmptyReport(month)}
              />
            ))}
          </ol>
        </section>
      )}
      {dialogs.dialog}
    </>
  );
}

interface MonthTileProps {
  cell: CreditorMonthStatus;
  creditorNumber: number;
  busy: boolean;
  onEmptyReport: (month: string) => void;
}

function MonthTile({ cell, creditorNumber, busy, onEmptyReport }: MonthTileProps) {
  const month = formatMonth(cell.month);
  // The running month is offered no empty report in one click: bookings may still come for it. The
  // input tab's Leermeldung still takes it from a supplier who knows that none will.
  const state = shownState(cell);
  return (
    <li className={`status-tile status-cell--${state}`}>
      <span className="status-tile__month">{month}</span>
      <StateLabel state={state} />
      {cell.state === 'reported' && (
        <>
          <span className="status-cell__figures">
            {L.bookingCount(cell.count)} · {euro(cell.net)}
          </span>
          <Link to={bookingsOfMonthPath(creditorNumber, cell.month)} aria-label={L.showBookingsFor(month)}>
            {L.showBookings}
          </Link>
        </>
      )}
      {state === 'missing' && (
        <button
          type="button"
          className="button button--primary button--small"
          aria-label={L.emptyReportActionFor(month)}
          disabled={busy}
          onClick={() => onEmptyReport(cell.month)}
        >
          {L.emptyReportAction}
        </button>
      )}
    </li>
  );
}
