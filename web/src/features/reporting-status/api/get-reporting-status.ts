import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportingStatus, ReportingStatusQuery } from '@lp/domain/reporting-status';
import { REPORTING_STATUS_KEY } from '../../../api/bookings-changed';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

/** The API's parameters of a query; `includeInactive` only when set. */
export function reportingStatusParams({ from, until, includeInactive }: ReportingStatusQuery) {
  return { from, until, includeInactive: includeInactive ? 'true' : null };
}

/** GET /api/reporting-status: the states of every creditor (a supplier: its own) per month. */
export function getReportingStatus(query: ReportingStatusQuery): Promise<ReportingStatus> {
  return api.get<ReportingStatus>(withQuery('/api/reporting-status', reportingStatusParams(query)));
}

export function useReportingStatus(query: ReportingStatusQuery) {
  return useQuery({
    queryKey: [...REPORTING_STATUS_KEY, query.from, query.until, query.includeInactive],
    queryFn: () => getReportingStatus(query),
    // A new range keeps the old matrix on screen until the new one is there (no flashing spinner).
    placeholderData: keepPreviousData,
  });
}
