import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-error';

/** 'Fehler bei der Anmeldung: {server message}' and the advice to check the input (spec section 8). */
export function LoginFailure({ error }: { error: unknown }) {
  // The token call answers RFC 6749's error_description, which ApiError carries as its message.
  const reason = error instanceof ApiError ? error.message : MESSAGES.requestFailed;
  return (
    <Alert variant="error">
      <p>
        {MESSAGES.loginFailedPrefix}
        {reason}
      </p>
      <p>{MESSAGES.loginFailedAdvice}</p>
    </Alert>
  );
}
