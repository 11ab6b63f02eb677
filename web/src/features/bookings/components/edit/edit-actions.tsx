import { INPUT_LABELS } from '@lp/domain/labels';

interface EditActionsProps {
  disabled: boolean;
  /** The warning-style button that saves without the duplicate check, at once (POLICIES). */
  canIgnoreWarnings: boolean;
  onIgnoreWarnings: () => void;
}

/** 'Prüfen und speichern' (the form's submit) and, for admins, 'Warnungen ignorieren und Datensatz speichern'. */
export function EditActions({ disabled, canIgnoreWarnings, onIgnoreWarnings }: EditActionsProps) {
  return (
    <div className="form__actions">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {INPUT_LABELS.checkAndSave}
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
