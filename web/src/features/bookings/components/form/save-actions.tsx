import { INPUT_LABELS } from '@lp/domain/labels';

interface SaveActionsProps {
  /** The form's submit: 'Prüfen und speichern', or 'Speichern' where nothing is typed to check. */
  saveLabel?: string;
  disabled: boolean;
  /** The warning-style button that saves without the duplicate check, at once. */
  canIgnoreWarnings: boolean;
  onIgnoreWarnings: () => void;
}

/** The buttons of a booking form: its submit and 'Warnungen ignorieren und Datensatz speichern'. */
export function SaveActions({
  saveLabel = INPUT_LABELS.checkAndSave,
  disabled,
  canIgnoreWarnings,
  onIgnoreWarnings,
}: SaveActionsProps) {
  return (
    <div className="form__actions">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {saveLabel}
      </button>
      {canIgnoreWarnings && (
        <button
          type="button"
          className="button button--warning"
          disabled={disabled}
          onClick={onIgnoreWarnings}
        >
          {INPUT_LABELS.ignoreWarningsAndSave}
        </button>
      )}
    </div>
  );
}
