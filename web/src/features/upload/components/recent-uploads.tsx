import { useId, useState } from 'react';
import { formatDateTime } from '@lp/domain/dates';
import type { UploadBatch } from '@lp/domain/entities';
import { UPLOAD_BATCH_LABELS as L } from '@lp/domain/labels';
import { UPLOAD_UI_MESSAGES } from '@lp/domain/messages';
import { formatAmount } from '@lp/domain/numbers';
import { Alert } from '../../../components/ui/alert';
import { useMessageDialog } from '../../../components/ui/message-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, isClientError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { useRecentUploads } from '../api/get-upload-batches';
import { useUndoUpload } from '../api/undo-upload';

type Outcome = { variant: 'success' | 'error'; message: string } | null;

/** An admin's upload went to one creditor, or to several. */
function creditorOf(batch: UploadBatch): string {
  if (batch.creditorNumber === null) return L.severalCreditors;
  return batch.creditorName === null
    ? String(batch.creditorNumber)
    : `${batch.creditorNumber} ${batch.creditorName}`;
}

/**
 * Ihre letzten Uploads: the signed-in user's latest stored files, each with its undo behind a
 * confirmation while none of its bookings is exported. With "Nur meine Uploads" off, the latest of
 * every upload the user may undo, with who uploaded it: a supplier's colleagues', an admin's of every
 * creditor. An undo the server refuses all the same (an export in between) shows its German message.
 */
export function RecentUploads({ onUndone }: { onUndone?: () => void }) {
  const user = useCurrentUser();
  const [mineOnly, setMineOnly] = useState(true);
  const batches = useRecentUploads(mineOnly);
  const undo = useUndoUpload();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const headingId = useId();
  const dialogs = useMessageDialog();
  const uploads = batches.data ?? [];

  const undoBatch = async (batch: UploadBatch) => {
    const confirmed = await dialogs.confirm(UPLOAD_UI_MESSAGES.undoConfirm(batch.fileName, batch.count), {
      confirmLabel: L.undo,
      destructive: true,
    });
    if (!confirmed) return;
    setOutcome(null);
    try {
      await undo.mutateAsync(batch.id);
      onUndone?.();
      setOutcome({ variant: 'success', message: UPLOAD_UI_MESSAGES.undone(batch.fileName, batch.count) });
    } catch (error) {
      // 5xx and lost connections have shown the shell's notice; a 401 has signed the user out.
      if (error instanceof ApiError && isClientError(error) && error.status !== 401) {
        setOutcome({ variant: 'error', message: error.errors[0]?.message ?? error.message });
      }
    }
  };

  return (
    <section className="recent-uploads card" aria-labelledby={headingId}>
      <div className="recent-uploads__header">
        <h2 id={headingId}>{mineOnly ? L.heading : L.headingAll}</h2>
        <label className="inline-check">
          <input type="checkbox" checked={mineOnly} onChange={(event) => setMineOnly(event.target.checked)} />
          {L.mineOnly}
        </label>
      </div>
      {outcome && (
        <Alert variant={outcome.variant} onDismiss={() => setOutcome(null)}>
          <p>{outcome.message}</p>
        </Alert>
      )}
      {batches.isPending ? (
        <Spinner />
      ) : batches.isError ? (
        <Alert variant="error">
          <p>{batches.error.message}</p>
        </Alert>
      ) : uploads.length === 0 ? (
        <p className="recent-uploads__empty">{mineOnly ? L.empty : L.emptyAll}</p>
      ) : (
        <div className="table-wrapper">
          <table className="data-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{L.createdAt}</th>
                <th scope="col">{L.fileName}</th>
                {!mineOnly && <th scope="col">{L.createdBy}</th>}
                {user.isAdmin && <th scope="col">{L.creditor}</th>}
                <th scope="col" className="cell--number">
                  {L.count}
                </th>
                <th scope="col" className="cell--number">
                  {L.netSum}
                </th>
                <th scope="col">{L.actions}</th>
              </tr>
            </thead>
            <tbody>
              {uploads.map((batch) => (
                <tr key={batch.id}>
                  <td className="recent-uploads__date">{formatDateTime(batch.createdAt)}</td>
                  <td>{batch.fileName}</td>
                  {!mineOnly && <td>{batch.createdBy}</td>}
                  {user.isAdmin && <td>{creditorOf(batch)}</td>}
                  <td className="cell--number">{batch.count.toLocaleString('de-DE')}</td>
                  <td className="cell--number">{formatAmount(batch.netSum)}</td>
                  <td className="recent-uploads__actions">
                    {batch.exported ? (
                      <span className="recent-uploads__exported" title={L.exportedHint}>
                        {L.exported}
                        <span className="visually-hidden">: {L.exportedHint}</span>
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={L.undoNamed(batch.fileName)}
                        disabled={undo.isPending}
                        onClick={() => void undoBatch(batch)}
                      >
                        {L.undo}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialogs.dialog}
    </section>
  );
}
