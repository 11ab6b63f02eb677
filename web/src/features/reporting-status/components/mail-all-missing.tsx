import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { dateInputProblem } from '@lp/domain/date-input';
import { formatDate, isoDayToWire, parseCalendarDate, todayIsoDay } from '@lp/domain/dates';
import { REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { currentMonth, formatMonth, type CreditorReportingStatus } from '@lp/domain/reporting-status';
import { Alert } from '../../../components/ui/alert';
import { DateInput } from '../../../components/ui/date-input';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-error';
import { useSendUrgencyMails } from '../api/send-urgency-mails';

/** How many days from today the deadline is proposed. */
const DEFAULT_DEADLINE_DAYS = 7;

function inDays(days: number): string {
  const day = new Date(isoDayToWire(todayIsoDay()));
  day.setUTCDate(day.getUTCDate() + days);
  return formatDate(day);
}

/** The months a mail may chase: those of the range that are over, the latest first. */
function chaseableMonths(months: readonly string[]): string[] {
  const current = currentMonth();
  return months.filter((m) => m < current).reverse();
}

/** The active creditors whose `month` is missing: who the server writes to. */
export function creditorsMissing(creditors: readonly CreditorReportingStatus[], month: string) {
  return creditors.filter(
    (creditor) =>
      creditor.isActive && creditor.months.some((cell) => cell.month === month && cell.state === 'missing'),
  );
}

/**
 * "Dringlichkeits-E-Mail an alle mit fehlenden Meldungen": the server writes one mail per active
 * creditor whose chosen month is missing (decisions.md section 13), the deadline filled in and its
 * missing months named, and the admin is told how many were queued. (One creditor's mail stays the
 * spec's mailto: draft in its row.)
 */
export function MailAllMissing({
  months,
  creditors,
}: {
  /** The months the page shows. */
  months: readonly string[];
  /** Every creditor loaded (not only those the search shows): the server writes to all of them. */
  creditors: readonly CreditorReportingStatus[];
}) {
  const id = useId();
  const choices = chaseableMonths(months);
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(choices[0] ?? '');
  const [deadline, setDeadline] = useState(() => inDays(DEFAULT_DEADLINE_DAYS));
  const [deadlineError, setDeadlineError] = useState<string | null>(null);
  const send = useSendUrgencyMails();
  const chosen = choices.includes(month) ? month : (choices[0] ?? '');
  const count = chosen ? creditorsMissing(creditors, chosen).length : 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    const day = parseCalendarDate(deadline);
    const problem = deadline.trim() === '' ? MESSAGES.required : dateInputProblem(deadline);
    if (problem || day === null) return setDeadlineError(problem ?? MESSAGES.required);
    setDeadlineError(null);
    send.mutate({ month: chosen, deadline: day }, { onSuccess: () => setOpen(false) });
  }

  return (
    <div className={open ? 'status-mail-all status-mail-all--open' : 'status-mail-all'}>
      {!open && (
        <button
          type="button"
          className="button button--secondary"
          disabled={choices.length === 0}
          onClick={() => {
            send.reset();
            setOpen(true);
          }}
        >
          {L.mailAllMissing}
        </button>
      )}
      {open && (
        <form className="status-mail-all__form card" noValidate onSubmit={submit}>
          <fieldset>
            <legend>{L.sendAllLegend}</legend>
            <div className="status-mail-all__fields">
              <FormField id={`${id}-month`} label={L.sendAllMonth}>
                {(control) => (
                  <select
                    {...control}
                    className="select"
                    value={chosen}
                    onChange={(event) => setMonth(event.target.value)}
                  >
                    {choices.map((m) => (
                      <option key={m} value={m}>
                        {formatMonth(m)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                id={`${id}-deadline`}
                label={L.sendAllDeadline}
                hint={L.sendAllDeadlineHint}
                error={deadlineError ?? undefined}
                required
              >
                {(control) => (
                  <DateInput
                    {...control}
                    className="input"
                    value={deadline}
                    invalid={deadlineError !== null}
                    onChange={setDeadline}
                  />
                )}
              </FormField>
            </div>
            <p className="status-mail-all__summary" aria-live="polite">
              {L.sendAllSummary(count, formatMonth(chosen))}
            </p>
            {send.isError && (
              <Alert variant="error">
                {send.error instanceof ApiError && send.error.errors.length > 0 ? (
                  send.error.errors.map((e) => <p key={e.message}>{e.message}</p>)
                ) : (
                  <p>{send.error.message}</p>
                )}
              </Alert>
            )}
            <div className="button-row">
              <button
                type="submit"
                className="button button--primary"
                disabled={send.isPending || count === 0}
              >
                {send.isPending ? L.sendAllSending : L.sendAllSubmit}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
                {L.sendAllCancel}
              </button>
            </div>
          </fieldset>
        </form>
      )}
      {send.isSuccess && (
        <Alert variant="success" onDismiss={send.reset}>
          <p>
            {send.data.message} <Link to="/outbox">{L.toOutbox}</Link>
          </p>
        </Alert>
      )}
    </div>
  );
}
