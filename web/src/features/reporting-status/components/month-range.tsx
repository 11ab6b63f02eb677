import { useId, useState } from 'react';
import { REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import { REPORTING_STATUS_MAX_MONTHS, REPORTING_STATUS_DEFAULT_MONTHS } from '@lp/domain/limits';
import {
  addMonths,
  currentMonth,
  reportingStatusQuerySchema,
  type ReportingStatusQuery,
} from '@lp/domain/reporting-status';

const PRESETS = [REPORTING_STATUS_DEFAULT_MONTHS, 24, REPORTING_STATUS_MAX_MONTHS];

interface MonthRangeProps {
  query: ReportingStatusQuery;
  onChange: (range: Pick<ReportingStatusQuery, 'from' | 'until'>) => void;
}

/**
 * 'von'/'bis' as month inputs (their value is the wire's 'YYYY-MM') and the usual lengths as presets.
 * A range the API would refuse is not applied; the domain schema's German message says why.
 */
export function MonthRange({ query, onChange }: MonthRangeProps) {
  const id = useId();
  const [draft, setDraft] = useState({ from: query.from, until: query.until });
  const [error, setError] = useState<string | null>(null);
  // A new range from outside (a preset, the URL) replaces what was being typed.
  const [shown, setShown] = useState(query);
  if (shown.from !== query.from || shown.until !== query.until) {
    setShown(query);
    setDraft({ from: query.from, until: query.until });
    setError(null);
  }

  function change(next: { from: string; until: string }) {
    setDraft(next);
    const parsed = reportingStatusQuerySchema().safeParse(next);
    if (!next.from || !next.until) return;
    if (parsed.success) {
      setError(null);
      onChange({ from: parsed.data.from, until: parsed.data.until });
    } else setError(parsed.error.issues[0]?.message ?? null);
  }

  const now = currentMonth();
  return (
    <fieldset className="status-range">
      <legend>{L.range}</legend>
      <label htmlFor={`${id}-from`}>{L.from}</label>
      <input
        id={`${id}-from`}
        type="month"
        className="input status-range__month"
        value={draft.from}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => change({ ...draft, from: event.target.value })}
      />
      <label htmlFor={`${id}-until`}>{L.until}</label>
      <input
        id={`${id}-until`}
        type="month"
        className="input status-range__month"
        value={draft.until}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => change({ ...draft, until: event.target.value })}
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
        <p id={`${id}-error`} className="form-field__error status-range__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
