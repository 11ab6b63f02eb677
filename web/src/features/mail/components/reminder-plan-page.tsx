// Erinnerungsplan (/outbox/reminders, admins; decisions.md section 13): the pause switch, the plan's
// steps (edited in place), and a preview of who would get which step on a day.
import { useId, useState, type FormEvent } from 'react';
import { dateInputProblem } from '@lp/domain/date-input';
import { formatDate, isoDayToWire, parseCalendarDate, todayIsoDay } from '@lp/domain/dates';
import { HOLIDAY_STATE_NAMES } from '@lp/domain/holidays';
import { REMINDER_PLAN_LABELS as L } from '@lp/domain/labels';
import { MESSAGES } from '@lp/domain/messages';
import { POLICIES } from '@lp/domain/policies';
import {
  REMINDER_STEPS_MAX,
  REMINDER_TEXT_MAX_LENGTH,
  reminderPlanSchema,
  type ReminderPlan,
} from '@lp/domain/reminder-plan';
import { formatMonth } from '@lp/domain/reporting-status';
import { Alert } from '../../../components/ui/alert';
import { DateInput } from '../../../components/ui/date-input';
import { FormField } from '../../../components/ui/form-field';
import { numberNameLabel } from '../../../components/ui/select-options';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { useChoiceWhileSaving } from '../../../lib/use-choice-while-saving';
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
  const [editing, setEditing] = useState(false);
  const [savedSteps, setSavedSteps] = useState(false);
  const switchState = useChoiceWhileSaving(plan.data?.enabled);
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
  const enabled = switchState.shown ?? shown.enabled;
  return (
    <section className="card reminder-plan__plan" aria-labelledby="reminder-plan-steps">
      {today && <p>{L.intro(HOLIDAY_STATE_NAMES[today.holidayState])}</p>}
      <label className="inline-check reminder-plan__switch">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          onChange={(event) => {
            const next = event.target.checked;
            switchState.choose(next);
            save.mutate({ ...shown, enabled: next }, { onSettled: switchState.settle });
          }}
        />{' '}
        {L.switchLabel}
      </label>
      <p
        role="status"
        className={enabled ? 'reminder-plan__state' : 'reminder-plan__state reminder-plan__state--paused'}
      >
        {enabled ? L.enabled : L.paused}
      </p>
      {save.isError && (
        <Alert variant="error">
          <p>{save.error.message}</p>
        </Alert>
      )}
      <h2 id="reminder-plan-steps">{L.stepsHeading}</h2>
      {editing ? (
        <StepsEditor
          plan={shown}
          onDone={(saved) => {
            setEditing(false);
            setSavedSteps(saved);
          }}
        />
      ) : (
        <>
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
          <div role="status">{savedSteps && <p>{L.stepsSaved}</p>}</div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setSavedSteps(false);
              setEditing(true);
            }}
          >
            {L.editSteps}
          </button>
        </>
      )}
    </section>
  );
}

interface StepDraft {
  key: number;
  workingDay: string;
  text: string;
}

/** The steps as a small form: working day and own text each, at most REMINDER_STEPS_MAX. */
function StepsEditor({ plan, onDone }: { plan: ReminderPlan; onDone: (saved: boolean) => void }) {
  const id = useId();
  const save = useSaveReminderPlan();
  const [nextKey, setNextKey] = useState(plan.steps.length);
  const [steps, setSteps] = useState<StepDraft[]>(() =>
    plan.steps.map((s, i) => ({ key: i, workingDay: String(s.workingDay), text: s.text ?? '' })),
  );
  const [problems, setProblems] = useState<string[]>([]);
  const change = (key: number, patch: Partial<StepDraft>) =>
    setSteps(steps.map((s) => (s.key === key ? { ...s, ...patch } : s)));

  function submit(event: FormEvent) {
    event.preventDefault();
    const candidate = {
      enabled: plan.enabled,
      steps: steps.map((s) => ({
        workingDay: /^\d+$/.test(s.workingDay.trim()) ? Number(s.workingDay) : NaN,
        text: s.text,
      })),
    };
    const parsed = reminderPlanSchema.safeParse(candidate);
    if (!parsed.success) return setProblems([...new Set(parsed.error.issues.map((i) => i.message))]);
    setProblems([]);
    save.mutate(parsed.data, { onSuccess: () => onDone(true) });
  }

  return (
    <form className="reminder-plan__editor" noValidate onSubmit={submit}>
      {steps.map((step, index) => (
        <fieldset key={step.key} className="reminder-plan__step">
          <legend>{L.stepLegend(index + 1)}</legend>
          <FormField id={`${id}-${step.key}-day`} label={L.workingDay} required>
            {(control) => (
              <input
                {...control}
                className="input reminder-plan__day"
                inputMode="numeric"
                value={step.workingDay}
                onChange={(event) => change(step.key, { workingDay: event.target.value })}
              />
            )}
          </FormField>
          <FormField id={`${id}-${step.key}-text`} label={L.ownText}>
            {(control) => (
              <textarea
                {...control}
                className="textarea"
                rows={3}
                maxLength={REMINDER_TEXT_MAX_LENGTH}
                value={step.text}
                onChange={(event) => change(step.key, { text: event.target.value })}
              />
            )}
          </FormField>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setSteps(steps.filter((s) => s.key !== step.key))}
          >
            {L.removeStep}
          </button>
        </fieldset>
      ))}
      {problems.length > 0 && (
        <Alert variant="error">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </Alert>
      )}
      {save.isError && (
        <Alert variant="error">
          {save.error instanceof ApiError && save.error.errors.length > 0 ? (
            save.error.errors.map((e) => <p key={e.message}>{e.message}</p>)
          ) : (
            <p>{save.error.message}</p>
          )}
        </Alert>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          disabled={steps.length >= REMINDER_STEPS_MAX}
          onClick={() => {
            setSteps([...steps, { key: nextKey, workingDay: '', text: '' }]);
            setNextKey(nextKey + 1);
          }}
        >
          {L.addStep}
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {L.saveSteps}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
          {L.cancelSteps}
        </button>
      </div>
    </form>
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
