import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { REPORTING_STATUS_LABELS as L } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import { Alert } from '../../../components/ui/alert';
import { SearchField } from '../../../components/ui/search-field';
import { Spinner } from '../../../components/ui/spinner';
import { useUrgencyMail } from '../../../components/urgency-mail/use-urgency-mail';
import { useCurrentUser } from '../../../lib/current-user';
import { useDownloadReportingStatus } from '../api/download-reporting-status';
import { useReportingStatus } from '../api/get-reporting-status';
import { useSentReminders } from '../api/get-sent-reminders';
import { filterCreditors } from '../utils/creditor-filter';
import { monthTotals } from '../utils/month-totals';
import { readStatusPageState, writeStatusPageState, type StatusPageState } from '../utils/page-state';
import { MailAllMissing } from './mail-all-missing';
import { MonthRange } from './month-range';
import { RouteLinks } from './route-links';
import { StatusChart } from './status-chart';
import { StatusMatrix } from './status-matrix';

/** The admins' view: range and filters, the chart, the urgency e-mails and the matrix. */
export function AdminStatus() {
  const [params, setParams] = useSearchParams();
  const state = readStatusPageState(params);
  // The controls' values live in React state and the URL follows them: router updates run as a
  // transition, which would hold a ticked box back until the whole matrix had been rendered (and a
  // second click in that time would be lost).
  const [filters, setFilters] = useState({ onlyMissing: state.onlyMissing, search: state.search });
  const [includeInactive, setIncludeInactive] = useState(state.query.includeInactive);
  const update = (patch: Partial<StatusPageState>) => {
    const next = { ...state, ...filters, ...patch };
    setFilters({ onlyMissing: next.onlyMissing, search: next.search });
    setIncludeInactive(next.query.includeInactive);
    setParams(writeStatusPageState({ ...next, search: next.search.trim() }), { replace: true });
  };
  const status = useReportingStatus(state.query);
  const urgency = useUrgencyMail();
  // Which reminders of the plan went out, shown in the cells (decisions.md section 13); the matrix
  // does not wait for them.
  const reminders = useSentReminders({ from: state.query.from, until: state.query.until });
  const download = useDownloadReportingStatus();
  const mayExport = POLICIES['reportingStatus:export'](useCurrentUser());
  const searchId = useId();

  const shown = useMemo(() => filterCreditors(status.data?.creditors ?? [], filters), [status.data, filters]);
  // The controls answer at once; the matrix (up to 18,000 cells) follows when it has been rendered.
  // (A deferred value only defers outside transitions: hence the filters' own state above.)
  const months = status.data?.months;
  const matrix = useDeferredValue(
    useMemo(() => ({ months: months ?? [], creditors: shown }), [months, shown]),
  );
  // The chart counts the creditors the search finds (all of them without a search), whatever the
  // matrix's "only missing" hides: it shows how the found creditors report, not how many are late.
  const searched = filters.search.trim() !== '';
  const found = useMemo(
    () => filterCreditors(status.data?.creditors ?? [], { onlyMissing: false, search: filters.search }),
    [status.data, filters.search],
  );
  const totals = useMemo(
    () => (status.data ? monthTotals({ months: status.data.months, creditors: found }) : []),
    [status.data, found],
  );

  return (
    <>
      <p className="status-intro">{L.adminIntro}</p>
      <div className="status-controls">
        <MonthRange
          query={state.query}
          onChange={(range) => update({ query: { ...state.query, ...range } })}
        />
        <div className="status-filters">
          <label className="inline-check">
            <input
              type="checkbox"
              checked={filters.onlyMissing}
              onChange={(event) => update({ onlyMissing: event.target.checked })}
            />
            {L.onlyMissing}
          </label>
          <label className="inline-check">
            <input
              type="checkbox"
              checked={includeInactive}
              onChange={(event) =>
                update({ query: { ...state.query, includeInactive: event.target.checked } })
              }
            />
            {L.includeInactive}
          </label>
          <SearchField
            id={searchId}
            label={L.search}
            className="status-filters__search"
            placeholder={L.search}
            value={filters.search}
            onChange={(event) => update({ search: event.target.value })}
          />
        </div>
      </div>
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <Alert variant="error">
          <p>{status.error.message}</p>
        </Alert>
      ) : (
        <>
          <StatusChart
            totals={totals}
            heading={searched ? L.chartHeadingSearched(found.length) : L.chartHeading}
          />
          <div className="status-actions">
            {/* The server writes to every creditor missing the month, whatever the search shows. */}
            <MailAllMissing months={status.data.months} creditors={status.data.creditors} />
            {mayExport && (
              <button
                type="button"
                className="button button--secondary"
                disabled={download.isPending}
                onClick={() => download.mutate(state.query)}
              >
                {L.exportXlsx}
              </button>
            )}
            <p className="status-actions__count" aria-live="polite">
              {L.shownCount(shown.length, status.data.creditors.length)}
            </p>
          </div>
          {urgency.notice && (
            <Alert variant="warning" onDismiss={urgency.dismissNotice}>
              <p>{urgency.notice}</p>
            </Alert>
          )}
          <RouteLinks>
            <StatusMatrix
              months={matrix.months}
              creditors={matrix.creditors}
              pendingMail={urgency.pendingNumber}
              onCompose={urgency.compose}
              reminders={reminders.data}
            />
          </RouteLinks>
        </>
      )}
    </>
  );
}
