// Erinnerungsplan (/outbox/reminders, admins; decisions.md section 13): the plan's steps, the pause
// switch, and a preview of who would get which step on a day.
import { useId, useState } from 'react';
import { dateInputProblem } from '@lp/domain/date-input';
import { formatDate, isoDayToWire, parseCalendarDate, todayIsoDay } from '@lp/domain/dates';
import { HOLIDAY_STATE_NAMES } from '@lp/domain/holidays';
import { REMINDER_PLAN_LABELS as L } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { POLICIES } from '@lp/domain/policies';
import type { ReminderPlan } from '@lp/domain/reminder-plan';
import { formatMonth } from '@lp/domain/reporting-status';
import { Alert } from '../../../components/ui/alert';
import { DateInput } from '../../../components/ui/date-input';
import { FormField } from '../../../components/ui/form-field';
import { numberNameLabel } from '../../../components/ui/select-options';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReminderPlan, useReminderPreview, useSaveReminderPlan } from '../api/reminder-plan';
import { MailTabs } from './mail-tabs';
import '../mail.css';

export function ReminderPlanPage() {
  usePageTitle(L.heading);
  const allowed = POLICIES['mail:send'](useCurrentUser());
  return (
    <section className="page reminder-plan">
      <h1>{L.heading}</h1>
      {allowed ? (
        <>
          <MailTabs />
          <PlanSection />
          <PreviewSection />
        </>
      ) : (
        <Alert variant="error">
          <p>{MESSAGES.forbidden}</p>
        </Alert>
      )}
    </section>
  );
}

function PlanSection() {
  const plan = useReminderPlan();
  const save = useSaveReminderPlan();
  // Today's preview (the preview section's first query) names the state whose holidays count.
  const today = useReminderPreview(todayIsoDay()).data;
  if (plan.isPending) return <Spinner />;
  if (plan.isError)
    return (
      <Alert variant="error">
        <p>{plan.error.message}</p>
      </Alert>
    );
  const shown: ReminderPlan = plan.data;
  return (
    <section className="card reminder-plan__plan" aria-labelledby="reminder-plan-steps">
      {today && <p>{L.intro(HOLIDAY_STATE_NAMES[today.holidayState])}</p>}
      <label className="inline-check reminder-plan__switch">
        <input
          type="checkbox"
          role="switch"
          checked={shown.enabled}
          onChange={(event) => save.mutate({ ...shown, enabled: event.target.checked })}
        />{' '}
        {L.switchLabel}
      </label>
      <p
        role="status"
        className={
          shown.enabled ? 'reminder-plan__state' : 'reminder-plan__state reminder-plan__state--paused'
        }
      >
        {shown.enabled ? L.enabled : L.paused}
      </p>
      {save.isError && (
        <Alert variant="error">
          <p>{save.error.message}</p>
        </Alert>
      )}
      <h2 id="reminder-plan-steps">{L.stepsHeading}</h2>
      <ol className="reminder-plan__steps">
        {shown.steps.map((step) => (
          <li key={step.workingDay}>
            <strong>{L.step(step.workingDay)}</strong>
            {' – '}
            {step.text ? (
              <>
                {L.stepText}: <q>{step.text}</q>
              </>
            ) : (
              L.standardText
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function PreviewSection() {
  const id = useId();
  const [text, setText] = useState(() => formatDate(isoDayToWire(todayIsoDay())));
  const day = parseCalendarDate(text);
  const problem = text.trim() === '' ? MESSAGES.required : dateInputProblem(text);
  const preview = useReminderPreview(problem ? null : day);
  const data = preview.data;
  return (
    <section className="card reminder-plan__preview" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{L.previewHeading}</h2>
      <FormField id={`${id}-date`} label={L.previewDate} error={problem ?? undefined}>
        {(control) => (
          <DateInput
            {...control}
            className="input"
            value={text}
            invalid={problem !== null}
            onChange={setText}
          />
        )}
      </FormField>
      {data && (
        <div className="reminder-plan__days">
          <p>{L.stepDatesFor(formatMonth(data.month))}</p>
          <ul className="button-row">
            {data.stepDays.map((step) => (
              <li key={step.workingDay}>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-pressed={step.date === day}
                  onClick={() => setText(formatDate(isoDayToWire(step.date)))}
                >
                  {L.stepOn(step.workingDay, formatDate(isoDayToWire(step.date)))}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.isError && (
        <Alert variant="error">
          <p>{preview.error.message}</p>
        </Alert>
      )}
      {data && !problem && (
        <div aria-live="polite">
          <p>{L.previewFor(formatDate(isoDayToWire(data.date)), data.workingDay, formatMonth(data.month))}</p>
          {!data.enabled && data.items.length > 0 && (
            <Alert variant="warning">
              <p>{L.previewPaused}</p>
            </Alert>
          )}
          {data.items.length === 0 ? (
            data.workingDay !== null && <p>{L.previewNone}</p>
          ) : (
            <>
              <p>{L.previewCount(data.items.length)}</p>
              <div className="table-wrapper">
                <table className="data-table" aria-label={L.previewHeading}>
                  <thead>
                    <tr>
                      <th scope="col">{L.creditor}</th>
                      <th scope="col">{L.month}</th>
                      <th scope="col">{L.stepColumn}</th>
                      <th scope="col">{L.recipients}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((item) => (
                      <tr key={item.creditorNumber}>
                        <td>{numberNameLabel(item.creditorNumber, item.creditorName)}</td>
                        <td>{formatMonth(item.month)}</td>
                        <td>{L.step(item.workingDay)}</td>
                        <td>{item.to.join(', ')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}
