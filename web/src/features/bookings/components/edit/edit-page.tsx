import { useLocation, useSearchParams } from 'react-router';
import { isEmptyReport } from '@lp/domain/booking.schema';
import { BOOKING_EDIT_LABELS, INPUT_LABELS } from '@lp/domain/labels';
import { BOOKING_MESSAGES, BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { bookingAccess, POLICIES } from '@lp/domain/policies';
import { AuditHistory } from '../../../../components/audit-history/audit-history';
import { Alert } from '../../../../components/ui/alert';
import { BackLink } from '../../../../components/ui/back-link';
import { Spinner } from '../../../../components/ui/spinner';
import { useCurrentUser } from '../../../../lib/current-user';
import { useFocusOnArrival } from '../../../../lib/use-focus-on-arrival';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useBooking } from '../../api/get-booking';
import '../form/booking-form.css';
import { NOT_SAVED, SaveFeedback } from '../form/save-feedback';
import { BookingEditForm } from './booking-edit-form';
import { EmptyReportEditForm } from './empty-report-edit-form';
import { useEditSave } from './use-edit-save';

const parseId = (value: string | null) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** Buchungsdatensatz bearbeiten (/transactions/edit?id=). */
export function EditPage() {
  usePageTitle(BOOKING_EDIT_LABELS.heading);
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const query = useBooking(id);
  const booking = query.data;
  const editing = useEditSave(booking);
  const conflictRef = useFocusOnArrival<HTMLDivElement>(editing.conflict || null);
  // Back to the list as it was left: page, filter and sorting.
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? '';

  // The export lock: shown, not changeable.
  const locked = booking !== undefined && !POLICIES['booking:edit'](user, bookingAccess(booking));
  const emptyReport = booking !== undefined && isEmptyReport(booking.articleId, booking.debitorId);
  const Form = emptyReport ? EmptyReportEditForm : BookingEditForm;

  const reload = async () => {
    await query.refetch();
    editing.clearConflict();
    editing.setOutcome(NOT_SAVED);
  };

  return (
    <section className="page edit-page">
      <div className="page-header">
        <h1>{BOOKING_EDIT_LABELS.heading}</h1>
        <BackLink to={`/transactions${listSearch}`} />
      </div>
      {id === null || (query.isError && !booking) ? (
        <Alert variant="error">
          <p>{BOOKING_EDIT_LABELS.notFound}</p>
        </Alert>
      ) : !booking ? (
        <div className="list-loading">
          <Spinner />
        </div>
      ) : (
        <>
          {emptyReport && <p className="edit-page__kind">{INPUT_LABELS.emptyReport}</p>}
          {locked && (
            <Alert variant="warning">
              <p>{BOOKING_MESSAGES.exportedLocked}</p>
            </Alert>
          )}
          {/* Takes the keyboard when it shows, "Neu laden" next within it (useFocusOnArrival). */}
          <div ref={conflictRef} tabIndex={-1} className="status-box">
            {editing.conflict && (
              <Alert variant="error">
                <p>{editing.conflict}</p>
                <p>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => void reload()}
                  >
                    {BOOKING_EDIT_LABELS.reload}
                  </button>
                </p>
              </Alert>
            )}
          </div>
          <Form
            key={booking.version}
            booking={booking}
            locked={locked}
            onSave={editing.save}
            onEdit={editing.onValuesChange}
            recheck={editing.recheck}
            feedback={
              <SaveFeedback
                outcome={editing.outcome}
                successMessage={
                  emptyReport ? BOOKING_UI_MESSAGES.emptyReportSaved : BOOKING_UI_MESSAGES.bookingSaved
                }
              />
            }
          />
          <AuditHistory entity="booking" id={booking.id} />
          {editing.dialog}
        </>
      )}
    </section>
  );
}
