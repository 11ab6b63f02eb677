// Neues Passwort festlegen (/reset-password?token=…): the link of a reset or an invitation mail.
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_RESET_LABELS as L } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConfirmPasswordReset } from '../api/password-reset';

interface Values {
  password: string;
  repeat: string;
}

export function ResetPasswordPage() {
  usePageTitle(L.setHeading);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { password: '', repeat: '' } });
  const onSubmit = handleSubmit(({ password }) => confirm.mutate({ token, password }));
  const refused = confirm.error instanceof ApiError ? confirm.error.errors : [];

  return (
    <section className="login">
      <div className="card login__card">
        <h1 className="login__heading">{L.setHeading}</h1>
        <div className="status-box" role="status">
          {!token && (
            <Alert variant="error">
              <p>{L.noToken}</p>
            </Alert>
          )}
          {confirm.isSuccess && (
            <Alert variant="success">
              <p>{confirm.data.message}</p>
            </Alert>
          )}
          {confirm.isError && (
            <Alert variant="error">
              {refused.length > 0 ? (
                refused.map((e) => <p key={e.message}>{e.message}</p>)
              ) : (
                <p>{confirm.error.message}</p>
              )}
            </Alert>
          )}
        </div>
        {confirm.isSuccess ? (
          <p>
            <Link to="/login">{L.toLogin}</Link>
          </p>
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate>
            <FormField id="reset-password" label={L.password} error={errors.password?.message}>
              {(control) => (
                <input
                  {...control}
                  {...register('password', { required: MESSAGES.required })}
                  className="input"
                  type="password"
                  autoComplete="new-password"
                  autoFocus
                />
              )}
            </FormField>
            <FormField id="reset-repeat" label={L.passwordRepeat} error={errors.repeat?.message}>
              {(control) => (
                <input
                  {...control}
                  {...register('repeat', {
                    validate: (value, all) => value === all.password || L.passwordsDiffer,
                  })}
                  className="input"
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </FormField>
            <div className="form__actions">
              <button
                type="submit"
                className="button button--primary button--block"
                disabled={confirm.isPending || !token}
              >
                {confirm.isPending && <Spinner size="small" />}
                {L.setSubmit}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
