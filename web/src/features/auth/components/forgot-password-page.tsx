// Passwort vergessen (/passwort-vergessen): asks for the address and says the same thing whatever it is.
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PASSWORD_RESET_LABELS as L } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRequestPasswordReset } from '../api/password-reset';

export function ForgotPasswordPage() {
  usePageTitle(L.requestHeading);
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ emailAddress: string }>({ defaultValues: { emailAddress: '' } });
  const onSubmit = handleSubmit(({ emailAddress }) => request.mutate(emailAddress.trim()));

  return (
    <section className="login">
      <div className="card login__card">
        <h1 className="login__heading">{L.requestHeading}</h1>
        <div className="status-box" role="status">
          {request.isSuccess && (
            <Alert variant="success">
              <p>{request.data.message}</p>
            </Alert>
          )}
          {request.isError && (
            <Alert variant="error">
              <p>{request.error.message}</p>
            </Alert>
          )}
        </div>
        <p>{L.requestIntro}</p>
        <form className="form" onSubmit={onSubmit} noValidate>
          <FormField id="reset-email" label={L.emailAddress} error={errors.emailAddress?.message}>
            {(control) => (
              <input
                {...control}
                {...register('emailAddress', { validate: (v) => v.trim() !== '' || MESSAGES.required })}
                className="input"
                type="email"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
              />
            )}
          </FormField>
          <div className="form__actions">
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={request.isPending}
            >
              {request.isPending && <Spinner size="small" />}
              {L.requestSubmit}
            </button>
          </div>
        </form>
        <p>
          <Link to="/login">{L.toLogin}</Link>
        </p>
      </div>
    </section>
  );
}
