// The profile's second factor (decisions.md section 15): enrol with a QR code and a first code, see
// the recovery codes once, or remove it with the password and a code.
import { useState, type FormEvent } from 'react';
import type { MfaEnrolment } from '@lp/domain/mfa';
import { MFA_LABELS as L } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import {
  useConfirmEnrolment,
  useRefreshSecondFactor,
  useRemoveSecondFactor,
  useSecondFactorStatus,
  useStartEnrolment,
} from '../api/second-factor';
import './second-factor.css';

/** The message of a refused field, or undefined. */
function fieldError(error: unknown, property: string): string | undefined {
  return error instanceof ApiError ? error.errors.find((e) => e.property === property)?.message : undefined;
}

/** A failure not tied to a field (a 429, a lost connection). */
function generalError(error: unknown, fields: string[]): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError && error.errors.some((e) => fields.includes(e.property))) return undefined;
  return error instanceof Error ? error.message : MESSAGES.requestFailed;
}

export function SecondFactorSection() {
  const status = useSecondFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <section className="card second-factor" aria-labelledby="profile-mfa-heading">
      <h2 id="profile-mfa-heading">{L.heading}</h2>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.isPending ? (
        <Spinner size="small" />
      ) : status.isError ? (
        <Alert variant="error">
          <p>{status.error.message}</p>
        </Alert>
      ) : status.data.enabled ? (
        <Enabled recoveryCodesLeft={status.data.recoveryCodesLeft} />
      ) : (
        <Enrolment onConfirmed={setRecoveryCodes} />
      )}
    </section>
  );
}

function Enrolment({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const start = useStartEnrolment();
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  if (!enrolment) {
    return (
      <>
        <p>{L.disabled}</p>
        <p>{L.intro}</p>
        {start.isError && (
          <Alert variant="error">
            <p>{start.error.message}</p>
          </Alert>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}
        >
          {start.isPending && <Spinner size="small" />}
          {L.start}
        </button>
      </>
    );
  }
  return <ConfirmForm enrolment={enrolment} onCancel={() => setEnrolment(null)} onConfirmed={onConfirmed} />;
}

function ConfirmForm({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: MfaEnrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: (answer) => onConfirmed(answer.recoveryCodes) });
  };
  const general = generalError(confirm.error, ['code']);
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>{L.scan}</p>
      <img className="second-factor__qr" src={enrolment.qrCode} alt={L.qrAlt} width={200} height={200} />
      <p>
        {L.secret}: <code className="second-factor__secret">{enrolment.secret}</code>
      </p>
      {general && (
        <Alert variant="error">
          <p>{general}</p>
        </Alert>
      )}
      <FormField id="mfa-confirm-code" label={L.code} error={fieldError(confirm.error, 'code')}>
        {(control) => (
          <input
            {...control}
            className="input second-factor__code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
          />
        )}
      </FormField>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={confirm.isPending}>
          {confirm.isPending && <Spinner size="small" />}
          {L.confirm}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {L.cancel}
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const refresh = useRefreshSecondFactor();
  return (
    <div role="status">
      <p>{L.enabled}</p>
      <h3>{L.recoveryHeading}</h3>
      <p>{L.recoveryIntro}</p>
      <ul className="second-factor__recovery" aria-label={L.recoveryHeading}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          onDone();
          void refresh();
        }}
      >
        {L.recoveryDone}
      </button>
    </div>
  );
}

function Enabled({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const remove = useRemoveSecondFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate({ password, code });
  };
  const general = generalError(remove.error, ['code', 'password']);
  return (
    <>
      <p>{L.enabled}</p>
      <p>{L.recoveryCodesLeft(recoveryCodesLeft)}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <h3>{L.remove}</h3>
        <p>{L.removeIntro}</p>
        {general && (
          <Alert variant="error">
            <p>{general}</p>
          </Alert>
        )}
        <FormField id="mfa-remove-password" label={L.password} error={fieldError(remove.error, 'password')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </FormField>
        <FormField id="mfa-remove-code" label={L.code} error={fieldError(remove.error, 'code')}>
          {(control) => (
            <input
              {...control}
              className="input second-factor__code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </FormField>
        <div className="form__actions">
          <button type="submit" className="button button--secondary" disabled={remove.isPending}>
            {remove.isPending && <Spinner size="small" />}
            {L.remove}
          </button>
        </div>
      </form>
    </>
  );
}
