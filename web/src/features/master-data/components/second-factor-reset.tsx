// On another user's edit page (admins): reset the user's second factor, e.g. after a lost phone.
import { useState } from 'react';
import { MFA_LABELS as L } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useResetSecondFactor } from '../api/reset-second-factor';

export function SecondFactorReset({ userId }: { userId: number }) {
  const actor = useCurrentUser();
  const reset = useResetSecondFactor(userId);
  const [asking, setAsking] = useState(false);
  // One's own is removed on Mein Profil, with password and code.
  if (!POLICIES['secondFactor:reset'](actor) || actor.id === userId) return null;
  return (
    <section className="card" aria-labelledby="second-factor-reset-heading">
      <h2 id="second-factor-reset-heading">{L.reset}</h2>
      <p>{L.resetHint}</p>
      <div role="status">{reset.isSuccess && <p>{reset.data.removed ? L.resetDone : L.resetNone}</p>}</div>
      {reset.isError && (
        <Alert variant="error">
          <p>{reset.error.message}</p>
        </Alert>
      )}
      {asking ? (
        <>
          <p>{L.resetConfirm}</p>
          <div className="form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={reset.isPending}
              onClick={() => reset.mutate(undefined, { onSettled: () => setAsking(false) })}
            >
              {reset.isPending && <Spinner size="small" />}
              {L.reset}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
              {L.cancel}
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          {L.reset}
        </button>
      )}
    </section>
  );
}
