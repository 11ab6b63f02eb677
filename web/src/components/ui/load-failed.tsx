import { MESSAGES } from '@lp/domain/messages';
import { Alert } from './alert';

interface LoadFailedProps {
  /** What could not be loaded: 'Die Buchungen konnten nicht geladen werden.' */
  message: string;
  /** Why, as the server or the API client said it; else general advice. */
  detail?: string;
  onRetry: () => void;
  /** True while the retry runs: the button waits instead of sending the request twice. */
  retrying?: boolean;
}

/**
 * A list whose request failed: says so and offers to load it again, instead of an empty table that
 * would read as "nothing there".
 */
export function LoadFailed({ message, detail, onRetry, retrying = false }: LoadFailedProps) {
  return (
    <Alert variant="error" title={message} className="load-failed">
      <p>{detail ?? MESSAGES.loadFailedAdvice}</p>
      <p>
        <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
          {MESSAGES.retry}
        </button>
      </p>
    </Alert>
  );
}
