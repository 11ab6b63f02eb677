import { FILE_NAMES } from '@lp/domain/file-names';
import { UPLOAD_LABELS as L } from '@lp/domain/labels';
import { buildUploadReportCsv, type UploadReportInput } from '@lp/domain/upload-report';
import { saveBlob } from '../../../lib/download';

/** Saves the errors and warnings as Pruefergebnis.csv, built in the browser from the answer. */
export function ReportDownloadButton({ report }: { report: UploadReportInput }) {
  const save = () =>
    saveBlob(
      new Blob([buildUploadReportCsv(report)], { type: 'text/csv;charset=utf-8' }),
      FILE_NAMES.uploadReport,
    );
  return (
    <button type="button" className="button button--link upload-feedback__report" onClick={save}>
      {L.downloadReport}
    </button>
  );
}
