import type { CreditorReportingStatus } from '@lp/domain/reporting-status';

export function hasMissingMonth(creditor: CreditorReportingStatus): boolean {
  return creditor.months.some((month) => month.state === 'missing');
}

/** The matrix's rows: only those with a missing month if asked, and those whose number or name match. */
export function filterCreditors(
  creditors: readonly CreditorReportingStatus[],
  { onlyMissing, search }: { onlyMissing: boolean; search: string },
): CreditorReportingStatus[] {
  const term = search.trim().toLocaleLowerCase('de-DE');
  return creditors.filter(
    (creditor) =>
      (!onlyMissing || hasMissingMonth(creditor)) &&
      (term === '' ||
        String(creditor.number).includes(term) ||
        creditor.name.toLocaleLowerCase('de-DE').includes(term)),
  );
}
