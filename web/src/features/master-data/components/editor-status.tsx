import { Alert } from '../../../components/ui/alert';
import { useFocusOnArrival } from '../../../lib/use-focus-on-arrival';
import { ValidationMessages } from '../../../components/ui/validation-messages';
import type { EditorStatus } from '../hooks/use-record-editor';

interface EditorStatusBoxProps {
  status: EditorStatus;
  savedMessage: string;
  createdMessage: string;
  deleteFailedMessage: string;
}

/**
 * The success box, the validation error list or the delete-failed box (spec sections 2 and 8); it takes
 * the keyboard when it shows, as Speichern was disabled while saving.
 */
export function EditorStatusBox(props: EditorStatusBoxProps) {
  const ref = useFocusOnArrival<HTMLDivElement>(props.status.kind === 'idle' ? null : props.status);
  return (
    <div ref={ref} tabIndex={-1} className="status-box">
      <StatusContent {...props} />
    </div>
  );
}

function StatusContent({ status, savedMessage, createdMessage, deleteFailedMessage }: EditorStatusBoxProps) {
  switch (status.kind) {
    case 'saved':
    case 'created':
      return (
        <Alert variant="success">
          <p>{status.kind === 'created' ? createdMessage : savedMessage}</p>
        </Alert>
      );
    case 'invalid':
      return <ValidationMessages messages={status.errors} />;
    case 'deleteFailed': {
      // The server names the failure itself first; the box's title says it already.
      const reasons = status.errors.filter((e) => e.message !== deleteFailedMessage);
      return (
        <Alert variant="error" title={deleteFailedMessage}>
          {reasons.map((reason, index) => (
            <p key={index}>{reason.message}</p>
          ))}
        </Alert>
      );
    }
    default:
      return null;
  }
}
