// The upload's errors and warnings as a CSV file (Zeilen;Anzahl;Feld;Meldung;Art), so that a supplier
// can work through a long list beside the spreadsheet: the same message on the same field is one line
// with all its rows (message-groups.ts), as on screen.
import { toCsv } from './csv';
import { UPLOAD_LABELS } from './labels';
import { formatRowRanges, groupMessages, type MessageGroup } from './message-groups';
import type { ValidationMessage } from './messages';

export interface UploadReportInput {
  errors: readonly ValidationMessage[];
  warnings: readonly ValidationMessage[];
}

/**
 * The report's text: header row, then the errors and the warnings grouped, each in the order of the
 * server's first message of the group; every row of a group is listed (no cut as on screen).
 */
export function buildUploadReportCsv({ errors, warnings }: UploadReportInput): string {
  const { rowNumber, count, property, message, kind } = UPLOAD_LABELS.reportColumns;
  const record = (g: MessageGroup, kindLabel: string) => [
    formatRowRanges(g.rowNumbers),
    g.rowNumbers.length === 0 ? '' : String(g.rowNumbers.length),
    g.property,
    g.message,
    kindLabel,
  ];
  return toCsv([
    [rowNumber, count, property, message, kind],
    ...groupMessages(errors).map((g) => record(g, UPLOAD_LABELS.reportError)),
    ...groupMessages(warnings).map((g) => record(g, UPLOAD_LABELS.reportWarning)),
  ]);
}
