import { useId, useState } from 'react';
import { monthInputProblem } from '@lp/domain/date-input';
import { parseMonth } from '@lp/domain/dates';
import { REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import { REPORTING_STATUS_MAX_MONTHS, REPORTING_STATUS_DEFAULT_MONTHS } from '@lp/domain/limits';
import {
  addMonths,
  currentMonth,
  reportingStatusQuerySchema,
  type ReportingStatusQuery,
} from '@lp/domain/reporting-status';
import { MonthInput } from '../../../components/ui/month-input';

const PRESETS = [REPORTING_STATUS_DEFAULT_MONTHS, 24, REPORTING_STATUS_MAX_MONTHS];

interface MonthRangeProps {
  query: ReportingStatusQuery;
  onChange: (range: Pick<ReportingStatusQuery, 'from' | 'until'>) => void;
}

/** The wire's 'YYYY-MM' → the text a German user reads and types, 'MM.yyyy'. */
const toText = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;

/**
 * A text is finished with a four-digit year (or as a pasted ISO month) while typing; '3.25' may still
 * become 3.2025, and is applied when the field is left (the input then writes it out as 03.2025).
 */
const isFinished = (text: string) => /(?:\.\d{4}|^\s*\d{4}-\d{2})\s*$/.test(text);

/** The wire month of a finished text, else null. */
function typedMonth(text: string): string | null {
  if (!isFinished(text)) return null;
  return parseMonth(text)?.slice(0, 7) ?? null;
}

/**
 * 'von'/'bis' as German month texts (MM.JJJJ, the empty report's month input: native month inputs
 * name the months in the browser's language, not the page's) and the usual lengths as presets. A
 * range the API would refuse is not applied; the domain schema's German message says why.
 */
export function MonthRange({ query, onChange }: MonthRangeProps) {
  const id = useId();
  const [draft, setDraft] = useState({ from: toText(query.from), until: toText(query.until) });
  const [error, setError] = useState<string | null>(null);
  // A new range from outside (a preset, the URL) replaces what was being typed.
  const [shown, setShown] = useState(query);
  if (shown.from !== query.from || shown.until !== query.until) {
    setShown(query);
    setDraft({ from: toText(query.from), until: toText(query.until) });
    setError(null);
  }

  function change(next: { from: string; until: string }) {
    setDraft(next);
    // A finished month that is none (13.2026) says so at once, in place of an earlier range error.
    const wrong = [next.from, next.until].filter(isFinished).map(monthInputProblem).find(Boolean);
    if (wrong) return setError(wrong);
    const range = { from: typedMonth(next.from), until: typedMonth(next.until) };
    if (range.from === null || range.until === null) return setError(null);
    const parsed = reportingStatusQuerySchema().safeParse(range);
    if (parsed.success) {
      setError(null);
      onChange({ from: parsed.data.from, until: parsed.data.until });
    } else setError(parsed.error.issues[0]?.message ?? null);
  }

  const now = currentMonth();
  return (
    <fieldset className="status-range">
      <legend>{L.range}</legend>
      <RangeEnd
        id={`${id}-from`}
        label={L.from}
        value={draft.from}
        onChange={(text) => change({ ...draft, from: text })}
        error={error}
        errorId={`${id}-error`}
      />
      <RangeEnd
        id={`${id}-until`}
        label={L.until}
        value={draft.until}
        onChange={(text) => change({ ...draft, until: text })}
        error={error}
        errorId={`${id}-error`}
      />
      {PRESETS.map((months) => (
        <button
          key={months}
          type="button"
          className="button button--secondary button--small"
          aria-pressed={query.until === now && query.from === addMonths(now, -(months - 1))}
          onClick={() => onChange({ from: addMonths(now, -(months - 1)), until: now })}
        >
          {L.lastMonths(months)}
        </button>
      ))}
      {error && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface RangeEndProps {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  error: string | null;
  errorId: string;
}

/** 'von' or 'bis' with its month: the word and its field wrap together, never 'bis' alone at a line's end. */
function RangeEnd({ id, label, value, onChange, error, errorId }: RangeEndProps) {
  return (
    <span className="status-range__end">
      <label htmlFor={id}>{label}</label>
      <MonthInput
        id={id}
        className="status-range__month"
        value={value}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={onChange}
      />
    </span>
  );
}
