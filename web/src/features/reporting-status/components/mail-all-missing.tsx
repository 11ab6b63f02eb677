import { useMutation } from '@tanstack/react-query';
import { REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import { REPORTING_STATUS_UI_MESSAGES as M } from '@lp/domain/messages';
import { currentMonth, type CreditorReportingStatus } from '@lp/domain/reporting-status';
import { urgencyMailBccDrafts, type MailDraft } from '@lp/domain/urgency-mail';
import { Alert } from '../../../components/ui/alert';
import { numberNameLabel } from '../../../components/ui/select-options';
import { openMailDraft } from '../../../lib/open-mail-draft';
import { collectEmailAddresses } from '../api/collect-email-addresses';
import { hasMissingMonth } from '../utils/creditor-filter';

interface Outcome {
  drafts: MailDraft[];
  withoutAddress: string[];
  noneMissing: boolean;
}

/** The active creditors with a missing month in the range: whom the urgency e-mail to all goes to. */
export function creditorsToRemind(creditors: readonly CreditorReportingStatus[]) {
  const current = currentMonth();
  return creditors.filter((creditor) => creditor.isActive && hasMissingMonth(creditor, current));
}

async function prepareDrafts(creditors: readonly CreditorReportingStatus[]): Promise<Outcome> {
  const recipients = creditorsToRemind(creditors);
  if (recipients.length === 0) return { drafts: [], withoutAddress: [], noneMissing: true };
  const { addresses, withoutAddress } = await collectEmailAddresses(recipients.map((c) => c.number));
  const names = new Map(recipients.map((c) => [c.number, numberNameLabel(c.number, c.name)]));
  return {
    drafts: urgencyMailBccDrafts(addresses),
    withoutAddress: withoutAddress.map((number) => names.get(number)!),
    noneMissing: false,
  };
}

/**
 * "Dringlichkeits-E-Mail an alle mit fehlenden Meldungen": the addresses of every such creditor shown
 * (after the search) in BCC. One draft opens at once; when they do not fit into one mailto: link, the drafts are listed to
 * open one after the other (a browser opens only one mail draft per click).
 */
export function MailAllMissing({
  creditors,
  searched,
}: {
  /** The creditors shown (after search and filters). */
  creditors: readonly CreditorReportingStatus[];
  /** A search narrows them: the button says so. */
  searched: boolean;
}) {
  const prepare = useMutation({
    mutationFn: prepareDrafts,
    onSuccess: (outcome) => {
      if (outcome.drafts.length === 1) openMailDraft(outcome.drafts[0]!.href);
    },
  });
  const outcome = prepare.data;
  return (
    <div className="status-mail-all">
      <button
        type="button"
        className="button button--secondary"
        disabled={prepare.isPending}
        onClick={() => prepare.mutate(creditors)}
      >
        {prepare.isPending ? L.collectingAddresses : searched ? L.mailShownMissing : L.mailAllMissing}
      </button>
      {outcome?.noneMissing && (
        <Alert variant="info" onDismiss={prepare.reset}>
          <p>{M.noneMissing}</p>
        </Alert>
      )}
      {outcome && outcome.drafts.length > 1 && (
        <div className="status-mail-all__drafts">
          <p>{L.draftsIntro}</p>
          <ul>
            {outcome.drafts.map((draft, i) => (
              <li key={draft.href}>
                <a href={draft.href}>{L.draft(i + 1, outcome.drafts.length, draft.recipients)}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {outcome && outcome.withoutAddress.length > 0 && (
        <Alert variant="warning">
          <p>{M.withoutAddresses(outcome.withoutAddress.join(', '))}</p>
        </Alert>
      )}
      {prepare.isError && (
        <Alert variant="error" onDismiss={prepare.reset}>
          <p>{prepare.error.message}</p>
        </Alert>
      )}
    </div>
  );
}
