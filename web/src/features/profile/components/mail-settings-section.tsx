// The profile's e-mail section: receipts after uploads and empty reports, on or off.
import { PROFILE_LABELS as L } from '@lp/domain/labels';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useChoiceWhileSaving } from '../../../lib/use-choice-while-saving';
import { useProfile, useSaveMailSettings } from '../api/profile';

export function MailSettingsSection() {
  const profile = useProfile();
  const save = useSaveMailSettings();
  const receipts = useChoiceWhileSaving(profile.data?.receipts);
  return (
    <section className="card" aria-labelledby="profile-mail-heading">
      <h2 id="profile-mail-heading">{L.mailHeading}</h2>
      {profile.isPending ? (
        <Spinner size="small" />
      ) : profile.isError ? (
        <Alert variant="error">
          <p>{profile.error.message}</p>
        </Alert>
      ) : (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={receipts.shown ?? profile.data.receipts}
            disabled={save.isPending}
            onChange={(event) => {
              receipts.choose(event.target.checked);
              save.mutate(event.target.checked, { onSettled: receipts.settle });
            }}
          />{' '}
          {L.receipts}
        </label>
      )}
      <div role="status">{save.isSuccess && <p>{L.saved}</p>}</div>
      {save.isError && (
        <Alert variant="error">
          <p>{save.error.message}</p>
        </Alert>
      )}
    </section>
  );
}
