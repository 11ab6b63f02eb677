import type { RecordOption } from './record-combobox';

/** The spec's label for master data in selects: 'number – name'. */
export function numberNameLabel(number: number | string, name: string): string {
  return `${number} – ${name}`;
}

/** What a picker shows of a record: a debitor also has an address (told apart by street and city). */
export interface PickableRecord {
  number: number;
  name: string;
  street?: string;
  zipCode?: string;
  city?: string;
}

/** The second line of a debitor's option: 'street, zip city' (same-name debitors differ there). */
export function addressDetail(record: PickableRecord): string | undefined {
  const place = [record.zipCode, record.city].filter(Boolean).join(' ');
  const detail = [record.street, place].filter(Boolean).join(', ');
  return detail || undefined;
}

/**
 * Options valued by business number and labelled 'number – name', with the address as second line
 * when the record has one. `formatNumber` shows e.g. padded article numbers (padArticleNumber).
 */
export function numberNameOptions(
  items: readonly PickableRecord[],
  formatNumber: (n: number) => string = String,
): RecordOption[] {
  return items.map((item) => ({
    value: item.number,
    label: numberNameLabel(formatNumber(item.number), item.name),
    detail: addressDetail(item),
  }));
}
