import { useState, type FormEvent } from 'react';
import type { UploadResult } from '@lp/domain/upload-columns';
import { INPUT_LABELS, UPLOAD_LABELS as L } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import { SpinnerOverlay } from '../../../components/ui/spinner-overlay';
import { useCurrentUser } from '../../../lib/current-user';
import { useUpload } from '../hooks/use-upload';
import { canIgnoreWarnings, canUpload, hasWarnings } from '../utils/upload-state';
import { FileDropZone } from './file-drop-zone';
import { RecentUploads } from './recent-uploads';
import { RepairPanel } from './repair-panel';
import { TemplateLinks } from './template-links';
import { UploadFeedback } from './upload-feedback';
import { UploadHelp } from './upload-help';
import { UploadProgress } from './upload-progress';
import '../upload.css';

/**
 * Tab Datei hochladen (/input/csv): a CSV or xlsx file of bookings. Errors store nothing; warnings
 * store nothing until the user ignores them and uploads again (spec section 4).
 */
export function UploadPanel() {
  const user = useCurrentUser();
  const { state, choose, upload, undone, imported } = useUpload();
  const disabled = !canUpload(state);
  // "Korrektur verwerfen" closes the table for this answer; the next upload's errors open it again.
  const [discarded, setDiscarded] = useState<UploadResult | null>(null);
  // Once the rows were checked again in the table, its messages replace the file's (no stale list).
  const [shownInTable, setShownInTable] = useState<UploadResult | null>(null);
  const repairable =
    state.file !== null &&
    state.phase === 'idle' &&
    state.result !== null &&
    state.result.errors.length > 0 &&
    state.result !== discarded;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void upload(true);
  };

  return (
    <div className="upload">
      <form className="form upload-form card" onSubmit={submit} noValidate aria-label={INPUT_LABELS.upload}>
        <p className="upload-form__intro">{L.intro}</p>
        <TemplateLinks />
        <FileDropZone file={state.file} disabled={state.phase !== 'idle'} onFiles={choose} />
        {state.phase === 'sending' && <UploadProgress percent={state.percent} />}
        <UploadFeedback
          state={repairable && shownInTable === state.result ? { ...state, result: null } : state}
        />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={disabled}>
            {hasWarnings(state) ? L.uploadAgain : L.upload}
          </button>
          {canIgnoreWarnings(state) && (
            <button
              type="button"
              className="button button--warning"
              disabled={disabled}
              onClick={() => void upload(false)}
            >
              {L.ignoreWarningsAndUpload}
            </button>
          )}
        </div>
      </form>
      {repairable && state.file && state.result && (
        <RepairPanel
          file={state.file}
          result={state.result}
          user={user}
          onChecked={() => setShownInTable(state.result)}
          onImported={imported}
          onDiscard={() => setDiscarded(state.result)}
        />
      )}
      {POLICIES.upload(user) && <RecentUploads onUndone={undone} />}
      <UploadHelp user={user} />
      {state.phase === 'checking' && <SpinnerOverlay label={L.checking} />}
    </div>
  );
}
