import { INPUT_LABELS } from '@lp/domain/labels';

interface EditActionsProps {
  disabled: boolean;
  /** Admins always get the warning-style button that saves without the duplicate check (spec section 2). */
  isAdmin: boolean;
  onIgnoreWarnings: () => void;
}

/** 'Prüfen und speichern' (the form's submit) and, for admins, 'Warnungen ignorieren und Datensatz speichern'. */
export function EditActions({ disabled, isAdmin, onIgnoreWarnings }: EditActionsProps) {
  return (
    <div className="form__actions">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {INPUT_LABELS.checkAndSave}
      </button>
      {isAdmin && (
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
