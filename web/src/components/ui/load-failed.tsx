import { MESSAGES } from '@lp/domain/messages';
import { ApiError, isClientError } from '../../lib/api-error';
import { Alert } from './alert';

interface LoadFailedProps {
  /** What could not be loaded: 'Die Buchungen konnten nicht geladen werden.' */
  message: string;
  /** The failure: its message says why (the server's, or the API client's); else general advice. */
  error: Error | null;
  onRetry: () => void;
  /** True while the retry runs: the button waits instead of sending the request twice. */
  retrying?: boolean;
}

/**
 * A list whose request failed: says so and offers to load it again, instead of an empty table that
 * would read as "nothing there". A refusal that a second try cannot change (no permission, a bad
 * address: 4xx but "too many requests") gets no button that could never work.
 */
export function LoadFailed({ message, error, onRetry, retrying = false }: LoadFailedProps) {
  const final = isClientError(error) && (error as ApiError).status !== 429;
  // Unreachable: the shell's notice already says so (once); this says that it loads by itself.
  const unreachable = error instanceof ApiError && error.status === 0;
  return (
    <Alert variant="error" title={message} className="load-failed">
      <p>{unreachable ? MESSAGES.loadRetriesByItself : error?.message || MESSAGES.loadFailedAdvice}</p>
      {!final && (
        <p>
          <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
            {MESSAGES.retry}
          </button>
        </p>
      )}
    </Alert>
  );
}
