// The bookings list's query: sort keys and directions, and the unset value of the id filters.

export const SORT_KEYS = [
  'invoice_date',
  'invoice_number',
  'debitor_number',
  'debitor_name',
  'location',
  'article_name',
  'net',
  'creditor_number',
  'creditor_name',
  'export_date',
  'creation_date',
  'creation_email_address',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DESCENDING_SUFFIX = '_desc';
export const DEFAULT_SORTING = 'creation_date_desc';
/** Unset value of the id filters (article, creditor, debitor). */
export const UNSET_ID = -1;

export interface Sorting {
  key: SortKey;
  descending: boolean;
}

/** 'net_desc' → { key: 'net', descending: true }; unknown keys → null. */
export function parseSorting(value: string): Sorting | null {
  const descending = value.endsWith(DESCENDING_SUFFIX);
  const key = descending ? value.slice(0, -DESCENDING_SUFFIX.length) : value;
  return (SORT_KEYS as readonly string[]).includes(key) ? { key: key as SortKey, descending } : null;
}

/** The inverse of parseSorting, as the list sends it. */
export function formatSorting({ key, descending }: Sorting): string {
  return descending ? `${key}${DESCENDING_SUFFIX}` : key;
}
