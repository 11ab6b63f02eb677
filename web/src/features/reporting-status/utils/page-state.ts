// The screen's state lives in its URL, so a view can be bookmarked and sent on: the API's query
// (from, until, includeInactive; read with the domain schema, a bad value falls back to the default
// range) plus the screen's own filters (onlyMissing, search).
import { SEARCH_MAX_LENGTH } from '@lp/domain/limits';
import { reportingStatusQuerySchema, type ReportingStatusQuery } from '@lp/domain/reporting-status';

export interface StatusPageState {
  query: ReportingStatusQuery;
  onlyMissing: boolean;
  search: string;
}

/** What the URL gives as the query; whatever the schema refuses falls back to its default. */
function readQuery(params: URLSearchParams, now: () => Date): ReportingStatusQuery {
  const schema = reportingStatusQuerySchema(now);
  const includeInactive = params.get('includeInactive') ?? undefined;
  const full = schema.safeParse({
    from: params.get('from') ?? undefined,
    until: params.get('until') ?? undefined,
    includeInactive,
  });
  if (full.success) return full.data;
  const flagOnly = schema.safeParse({ includeInactive });
  return flagOnly.success ? flagOnly.data : schema.parse({});
}

export function readStatusPageState(
  params: URLSearchParams,
  now: () => Date = () => new Date(),
): StatusPageState {
  return {
    query: readQuery(params, now),
    onlyMissing: params.get('onlyMissing') === 'true',
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH),
  };
}

/** The URL parameters of a state; the default range and unset filters are left out. */
export function writeStatusPageState(
  { query, onlyMissing, search }: StatusPageState,
  now: () => Date = () => new Date(),
): URLSearchParams {
  const params = new URLSearchParams();
  const standard = reportingStatusQuerySchema(now).parse({});
  if (query.from !== standard.from || query.until !== standard.until) {
    params.set('from', query.from);
    params.set('until', query.until);
  }
  if (query.includeInactive) params.set('includeInactive', 'true');
  if (onlyMissing) params.set('onlyMissing', 'true');
  if (search) params.set('search', search);
  return params;
}
