import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { LOGIN_LABELS, MFA_LABELS } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { hasErrorCode } from '../../../lib/api-error';
import { clearRelogin, pathAfterLogin, readRelogin } from '../../../lib/form-drafts';
import { useFocusOnArrival } from '../../../lib/use-focus-on-arrival';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLogin, type Credentials } from '../api/use-login';
import { LoginFailure } from './login-failure';

export function LoginPage() {
  usePageTitle(LOGIN_LABELS.heading);
  const navigate = useNavigate();
  const login = useLogin();
  // An expired session sent the user here: say why, and lead back to where the user was.
  const [relogin] = useState(readRelogin);
  const {
    register,
    handleSubmit,
    formState: { errors },
    resetField,
  } = useForm<Credentials>({ defaultValues: { username: '', password: '', otp: '' } });
  // The second step (decisions.md section 15): after a correct password of a user with a second
  // factor the server asks for its code; name and password stay as typed and are sent again with it.
  const [codeStep, setCodeStep] = useState(false);
  const codeAsked = hasErrorCode(login.error, 'MFA_REQUIRED');

  const onSubmit = handleSubmit((credentials) =>
    login.mutate(codeStep ? credentials : { ...credentials, otp: undefined }, {
      onSuccess: ({ user }) => {
        clearRelogin();
        void navigate(pathAfterLogin(relogin, user.id, '/transactions'), { replace: true });
      },
      onError: (error) => {
        if (hasErrorCode(error, 'MFA_REQUIRED') || hasErrorCode(error, 'MFA_CODE_INVALID')) setCodeStep(true);
      },
    }),
  );
  const leaveCodeStep = () => {
    setCodeStep(false);
    resetField('otp');
    login.reset();
  };
  const required = { required: MESSAGES.required };
  const failureRef = useFocusOnArrival<HTMLDivElement>(login.isError ? login.error : null);

  return (
    <section className="login">
      <div className="card login__card">
        <h1 className="login__heading">{LOGIN_LABELS.heading}</h1>
        {relogin && !login.isError && (
          <Alert variant="info">
            <p>{relogin.draftsKept ? MESSAGES.sessionExpiredDraftsKept : MESSAGES.sessionExpired}</p>
          </Alert>
        )}
        {/* Takes the keyboard when it shows: Anmelden was disabled while it ran. */}
        <div ref={failureRef} tabIndex={-1} className="status-box">
          {codeAsked ? (
            <Alert variant="info">
              <p>{MFA_LABELS.loginStep}</p>
            </Alert>
          ) : (
            login.isError && <LoginFailure error={login.error} />
          )}
        </div>
        <form className="form" onSubmit={onSubmit} noValidate>
          {codeStep ? (
            <FormField
              id="login-otp"
              label={MFA_LABELS.code}
              hint={MFA_LABELS.codeHint}
              error={errors.otp?.message}
            >
              {(control) => (
                <input
                  {...control}
                  {...register('otp', {
                    validate: (value) => (value ?? '').trim() !== '' || MESSAGES.required,
                  })}
                  className="input"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  spellCheck={false}
                  autoFocus
                />
              )}
            </FormField>
          ) : (
            <>
              <FormField id="login-username" label={LOGIN_LABELS.username} error={errors.username?.message}>
                {(control) => (
                  <input
                    {...control}
                    {...register('username', {
                      validate: (value) => value.trim() !== '' || MESSAGES.required,
                    })}
                    className="input"
                    type="text"
                    inputMode="email"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    autoFocus
                  />
                )}
              </FormField>
              <FormField id="login-password" label={LOGIN_LABELS.password} error={errors.password?.message}>
                {(control) => (
                  <input
                    {...control}
                    {...register('password', required)}
                    className="input"
                    type="password"
                    autoComplete="current-password"
                  />
                )}
              </FormField>
            </>
          )}
          <div className="form__actions">
            <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
              {login.isPending && <Spinner size="small" />}
              {LOGIN_LABELS.submit}
            </button>
            {codeStep && (
              <button
                type="button"
                className="button button--secondary button--block"
                onClick={leaveCodeStep}
              >
                {MFA_LABELS.cancel}
              </button>
            )}
          </div>
        </form>
        <p className="login__forgot">
          <Link to="/passwort-vergessen">{LOGIN_LABELS.forgotPassword}</Link>
        </p>
      </div>
    </section>
  );
}
