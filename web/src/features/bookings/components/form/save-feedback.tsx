import type { ValidationMessage } from '@lp/domain/messages';
import { Alert } from '../../../../components/ui/alert';
import { ValidationMessages } from '../../../../components/ui/validation-messages';
import { WarningMessages } from '../../../../components/ui/warning-messages';

/** What the last save answered: errors and warnings mean "not saved" (spec section 4). */
export interface SaveOutcome {
  errors: ValidationMessage[];
  warnings: ValidationMessage[];
  saved: boolean;
}

export const NOT_SAVED: SaveOutcome = { errors: [], warnings: [], saved: false };

/** The spec's boxes after a save: validation errors, warnings, or the success banner. */
export function SaveFeedback({ outcome, successMessage }: { outcome: SaveOutcome; successMessage: string }) {
  return (
    <div className="save-feedback" aria-live="polite">
      <ValidationMessages messages={outcome.errors} />
      <WarningMessages messages={outcome.warnings} />
      {outcome.saved && (
        <Alert variant="success">
          <p>{successMessage}</p>
        </Alert>
      )}
    </div>
  );
}
