import { UPLOAD_LABELS as L } from '@lp/domain/labels';
import { groupedForScreen } from '@lp/domain/message-groups';
import { UPLOAD_MESSAGES, UPLOAD_UI_MESSAGES } from '@lp/domain/messages';
import { isSaved } from '@lp/domain/save-result';
import { Alert } from '../../../components/ui/alert';
import { ValidationMessages } from '../../../components/ui/validation-messages';
import { WarningMessages } from '../../../components/ui/warning-messages';
import { useFocusOnArrival } from '../../../lib/use-focus-on-arrival';
import { shownMessages } from '../utils/shown-messages';
import type { UploadState } from '../utils/upload-state';
import { ReportDownloadButton } from './report-download-button';

/**
 * The answer about the file: refused, its errors and warnings by row (the same message of many rows
 * one line naming them), or the stored count. It takes the
 * keyboard when it comes, as the upload button was disabled while the file was checked.
 */
export function UploadFeedback({ state }: { state: Pick<UploadState, 'result' | 'failure'> }) {
  const { result, failure } = state;
  const stored = result !== null && isSaved(result);
  const ref = useFocusOnArrival<HTMLDivElement>(result ?? failure);
  return (
    <div ref={ref} tabIndex={-1} className="upload-feedback" aria-live="polite">
      {failure && (
        <Alert variant="error" title={L.failed}>
          <p>{failure}</p>
        </Alert>
      )}
      {result && (
        <>
          <ValidationMessages
            variant="file"
            messages={shownMessages(groupedForScreen(result.errors), UPLOAD_MESSAGES.moreErrors)}
          />
          <WarningMessages
            variant="file"
            messages={shownMessages(groupedForScreen(result.warnings), UPLOAD_MESSAGES.moreWarnings)}
          />
        </>
      )}
      {result && !stored && <ReportDownloadButton report={result} />}
      {result && stored && (
        <Alert variant="success">
          <p>{UPLOAD_UI_MESSAGES.bookingsSaved(result.count)}</p>
        </Alert>
      )}
    </div>
  );
}
