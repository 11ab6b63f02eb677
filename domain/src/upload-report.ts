// The upload's errors and warnings as a CSV file (Zeile;Feld;Meldung;Art), so that a supplier can
// work through a long list beside the spreadsheet.
import { toCsv } from './csv';
import { UPLOAD_LABELS } from './labels';
import type { ValidationMessage } from './messages';

export interface UploadReportInput {
  errors: readonly ValidationMessage[];
  warnings: readonly ValidationMessage[];
}

/** The report's text: header row, then the errors and the warnings, each in the server's order. */
export function buildUploadReportCsv({ errors, warnings }: UploadReportInput): string {
  const { rowNumber, property, message, kind } = UPLOAD_LABELS.reportColumns;
  const record = (m: ValidationMessage, kindLabel: string) => [
    m.rowNumber === undefined ? '' : String(m.rowNumber),
    m.property,
    m.message,
    kindLabel,
  ];
  return toCsv([
    [rowNumber, property, message, kind],
    ...errors.map((m) => record(m, UPLOAD_LABELS.reportError)),
    ...warnings.map((m) => record(m, UPLOAD_LABELS.reportWarning)),
  ]);
}
