import { useEffect, useState } from 'react';
import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { ApiError, hasErrorCode } from '../../../lib/api-error';

/** 'Fehler bei der Anmeldung: {server message}' and the advice to check the input (spec section 8). */
export function LoginFailure({ error }: { error: unknown }) {
  // Too many attempts: the password is not the problem, the wait is; it counts down (issue 57 item 10).
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== undefined) {
    return <LoginLocked seconds={error.retryAfterSeconds} />;
  }
  // The token call answers RFC 6749's error_description, which ApiError carries as its message.
  const reason = error instanceof ApiError ? error.message : MESSAGES.requestFailed;
  return (
    <Alert variant="error">
      <p>
        {MESSAGES.loginFailedPrefix}
        {reason}
      </p>
      {/* A wrong second-factor code: name and password were right, the message says what to do. */}
      {!hasErrorCode(error, 'MFA_CODE_INVALID') && <p>{MESSAGES.loginFailedAdvice}</p>}
    </Alert>
  );
}

function LoginLocked({ seconds }: { seconds: number }) {
  const [until] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  // Screen readers hear the wait once, not every second: the counting text is for the eyes.
  return (
    <Alert variant={left > 0 ? 'error' : 'info'}>
      {left > 0 ? (
        <>
          <p className="visually-hidden">
            {MESSAGES.loginFailedPrefix}
            {MESSAGES.loginRateLimited(seconds)}
          </p>
          <p aria-hidden="true" className="login-lock__countdown">
            {MESSAGES.loginFailedPrefix}
            {MESSAGES.loginRateLimited(left)}
          </p>
        </>
      ) : (
        <p>{MESSAGES.loginWaitOver}</p>
      )}
    </Alert>
  );
}
