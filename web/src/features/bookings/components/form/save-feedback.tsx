import { BOOKING_UI_MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { Alert } from '../../../../components/ui/alert';
import { ValidationMessages } from '../../../../components/ui/validation-messages';
import { WarningMessages } from '../../../../components/ui/warning-messages';
import { useFocusOnArrival } from '../../../../lib/use-focus-on-arrival';

/** What the last save answered: errors and warnings mean "not saved" (spec section 4). */
export interface SaveOutcome {
  errors: ValidationMessage[];
  warnings: ValidationMessage[];
  saved: boolean;
  /** The values changed since the check that warned: the warnings belong to the checked values. */
  warningsStale: boolean;
}

export const NOT_SAVED: SaveOutcome = { errors: [], warnings: [], saved: false, warningsStale: false };

/**
 * The spec's boxes after a save: validation errors, warnings, or the success banner. They take the
 * keyboard when they show (useFocusOnArrival): the save button was disabled while saving, which left
 * the focus on the page, and "Warnungen ignorieren und Datensatz speichern" follows them. A form that
 * puts the cursor into a field after the save keeps it there.
 */
export function SaveFeedback({ outcome, successMessage }: { outcome: SaveOutcome; successMessage: string }) {
  const answered = outcome.errors.length > 0 || outcome.warnings.length > 0 || outcome.saved;
  const ref = useFocusOnArrival<HTMLDivElement>(answered ? outcome : null);
  return (
    <div ref={ref} tabIndex={-1} className="save-feedback status-box" aria-live="polite">
      <ValidationMessages messages={outcome.errors} />
      <WarningMessages messages={outcome.warnings} />
      {outcome.warnings.length > 0 && outcome.warningsStale && (
        <Alert variant="info">
          <p>{BOOKING_UI_MESSAGES.warningsStale}</p>
        </Alert>
      )}
      {outcome.saved && (
        <Alert variant="success">
          <p>{successMessage}</p>
        </Alert>
      )}
    </div>
  );
}
