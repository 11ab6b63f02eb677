import { useMutation } from '@tanstack/react-query';
import type { ReportingStatusQuery } from '@lp/domain/reporting-status';
import { downloadFile } from '../../../lib/download';
import { withQuery } from '../../../lib/query-string';
import { reportingStatusParams } from './get-reporting-status';

/** GET /api/reporting-status/export (admins): the same status as xlsx, named by the server. */
export function useDownloadReportingStatus() {
  return useMutation({
    mutationFn: (query: ReportingStatusQuery) =>
      downloadFile(withQuery('/api/reporting-status/export', reportingStatusParams(query))),
  });
}
