import type { SelectOption } from './select';

/** The spec's label for master data in selects: 'number – name'. */
export function numberNameLabel(number: number | string, name: string): string {
  return `${number} – ${name}`;
}

/**
 * Options valued by business number and labelled 'number – name'. `formatNumber` shows e.g. padded
 * article numbers (padArticleNumber).
 */
export function numberNameOptions(
  items: readonly { number: number; name: string }[],
  formatNumber: (n: number) => string = String,
): SelectOption[] {
  return items.map((item) => ({
    value: item.number,
    label: numberNameLabel(formatNumber(item.number), item.name),
  }));
}
