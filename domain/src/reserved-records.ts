// The records reserved for empty reports (Leermeldung, spec section 9) and their fixed values.

/** Empty report (Leermeldung): reserved master data and fixed values. */
export const EMPTY_REPORT_ARTICLE_NUMBER = 999;
export const EMPTY_REPORT_DEBITOR_NUMBER = 999999;
export const EMPTY_REPORT_DELIVERY_LOCATION = '–';
export const EMPTY_REPORT_NAME = 'Leermeldung';
