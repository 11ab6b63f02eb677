import { useId } from 'react';
import { Link } from 'react-router';
import { DEFAULT_BOOKING_LIST_QUERY, writeBookingListQuery } from '@lp/domain/booking-list-query';
import { formatDateTime, formatLocalDate } from '@lp/domain/dates';
import type { ExportBatch } from '@lp/domain/entities';
import { EXPORT_BATCH_LABELS as L } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { formatAmount } from '@lp/domain/numbers';
import { POLICIES } from '@lp/domain/policies';
import { useExportBatches } from '../../../api/get-export-batches';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDownloadExportBatch } from '../api/download-export-batch';
import '../export-batches.css';

/** The bookings list filtered by one batch, in the list's own URL form. */
export function bookingsOfBatchPath(id: number): string {
  const params = new URLSearchParams(
    writeBookingListQuery({ ...DEFAULT_BOOKING_LIST_QUERY, exportBatch: id }),
  );
  return `/transactions?${params.toString()}`;
}

/** Exporte (/exports, admins): every booking export, newest first, with its file again. */
export function ExportBatchesPage() {
  usePageTitle(L.heading);
  const allowed = POLICIES['exportBatches:read'](useCurrentUser());
  return (
    <section className="page">
      <h1>{L.heading}</h1>
      {allowed ? (
        <ExportBatchList />
      ) : (
        <Alert variant="error">
          <p>{MESSAGES.forbidden}</p>
        </Alert>
      )}
    </section>
  );
}

function ExportBatchList() {
  const batches = useExportBatches();
  const headingId = useId();
  if (batches.isPending) return <Spinner />;
  if (batches.isError)
    return (
      <Alert variant="error">
        <p>{batches.error.message}</p>
      </Alert>
    );
  return (
    <>
      <p id={headingId} className="export-batches__intro">
        {L.intro}
      </p>
      <div className="table-wrapper">
        <table className="data-table export-batches" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col" className="cell--number">
                {L.number}
              </th>
              <th scope="col">{L.createdAt}</th>
              <th scope="col">{L.createdBy}</th>
              <th scope="col" className="cell--number">
                {L.count}
              </th>
              <th scope="col" className="cell--number">
                {L.netSum}
              </th>
              <th scope="col">{L.fileName}</th>
              <th scope="col">{L.actions}</th>
            </tr>
          </thead>
          <tbody>
            {batches.data.length === 0 ? (
              <tr>
                <td colSpan={7} className="table-empty">
                  {L.empty}
                </td>
              </tr>
            ) : (
              batches.data.map((batch) => <ExportBatchRow key={batch.id} batch={batch} />)
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ExportBatchRow({ batch }: { batch: ExportBatch }) {
  const download = useDownloadExportBatch();
  return (
    <tr>
      <td className="cell--number">{batch.id}</td>
      <td className="export-batches__date">{formatDateTime(batch.createdAt)}</td>
      <td>{batch.createdBy}</td>
      <td className="cell--number">{batch.count.toLocaleString('de-DE')}</td>
      <td className="cell--number">{formatAmount(batch.netSum)} €</td>
      <td>
        {/* The file keeps the spec's name (Buchungen.csv); the line under it tells the files apart. */}
        <span>{batch.fileName}</span>
        <span className="export-batches__file-batch">
          {L.fileOfBatch(batch.id, formatLocalDate(batch.createdAt))}
        </span>
      </td>
      <td className="export-batches__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={L.downloadNamed(batch.id)}
          // Not disabled while it downloads: a disabled button drops the keyboard to the top of the page.
          aria-disabled={download.isPending}
          onClick={() => {
            if (!download.isPending) download.mutate(batch.id);
          }}
        >
          {L.download}
        </button>
        <Link to={bookingsOfBatchPath(batch.id)} aria-label={L.showBookingsNamed(batch.id)}>
          {L.showBookings}
        </Link>
      </td>
    </tr>
  );
}
