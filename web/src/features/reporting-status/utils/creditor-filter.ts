import { currentMonth, shownState, type CreditorReportingStatus } from '@lp/domain/reporting-status';

/** A month the creditor is late for: missing and over (the running month is `open`, see shownState). */
export function hasMissingMonth(creditor: CreditorReportingStatus, current = currentMonth()): boolean {
  return creditor.months.some((month) => shownState(month, current) === 'missing');
}

/** The matrix's rows: only those with a missing month if asked, and those whose number or name match. */
export function filterCreditors(
  creditors: readonly CreditorReportingStatus[],
  { onlyMissing, search }: { onlyMissing: boolean; search: string },
): CreditorReportingStatus[] {
  const term = search.trim().toLocaleLowerCase('de-DE');
  const current = currentMonth();
  return creditors.filter(
    (creditor) =>
      (!onlyMissing || hasMissingMonth(creditor, current)) &&
      (term === '' ||
        String(creditor.number).includes(term) ||
        creditor.name.toLocaleLowerCase('de-DE').includes(term)),
  );
}
