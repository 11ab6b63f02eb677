import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { LOGIN_LABELS } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
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
  } = useForm<Credentials>({ defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit((credentials) =>
    login.mutate(credentials, {
      onSuccess: ({ user }) => {
        clearRelogin();
        void navigate(pathAfterLogin(relogin, user.id, '/transactions'), { replace: true });
      },
    }),
  );
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
          {login.isError && <LoginFailure error={login.error} />}
        </div>
        <form className="form" onSubmit={onSubmit} noValidate>
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
          <div className="form__actions">
            <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
              {login.isPending && <Spinner size="small" />}
              {LOGIN_LABELS.submit}
            </button>
          </div>
        </form>
        <p className="login__forgot">
          <Link to="/passwort-vergessen">{LOGIN_LABELS.forgotPassword}</Link>
        </p>
      </div>
    </section>
  );
}
