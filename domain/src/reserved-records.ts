// The records reserved for empty reports (Leermeldung, spec section 9) and their fixed values.

/** Empty report (Leermeldung): reserved master data and fixed values. */
export const EMPTY_REPORT_ARTICLE_NUMBER = 999;
export const EMPTY_REPORT_DEBITOR_NUMBER = 999999;
export const EMPTY_REPORT_DELIVERY_LOCATION = '–';
export const EMPTY_REPORT_NAME = 'Leermeldung';

/** The reserved record of each master-data kind that has one: always active, never deleted. */
const RESERVED_NUMBERS: Readonly<Record<string, number>> = {
  articles: EMPTY_REPORT_ARTICLE_NUMBER,
  debitors: EMPTY_REPORT_DEBITOR_NUMBER,
};

/** True for the empty-report record of that kind ('articles', 'debitors'): a system record. */
export function isReservedRecord(kind: string, number: number): boolean {
  return RESERVED_NUMBERS[kind] === number;
}
