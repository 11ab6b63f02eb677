import { MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { Spinner } from '../../../components/ui/spinner';

interface FormActionsProps {
  canSave: boolean;
  /** Löschen shows for stored records and admins only. */
  canDelete: boolean;
  busy: boolean;
  onDelete: () => void;
}

/** Speichern and Löschen of the edit forms. */
export function FormActions({ canSave, canDelete, busy, onDelete }: FormActionsProps) {
  return (
    <div className="form__actions">
      <button type="submit" className="button button--primary" disabled={!canSave || busy}>
        {busy && <Spinner size="small" />}
        {L.save}
      </button>
      {canDelete && (
        <button type="button" className="button button--danger" disabled={busy} onClick={onDelete}>
          {L.delete}
        </button>
      )}
    </div>
  );
}
