// The options of the booking selects: active master data without the records reserved for empty
// reports, plus (on the edit form) the booking's current record when it is not among them, so the
// select shows what is stored instead of silently switching to "Bitte auswählen".
import { numberNameLabel, numberNameOptions } from '../../../components/ui/select-options';
import type { SelectOption } from '../../../components/ui/select';

interface Numbered {
  number: number;
  name: string;
}

export function bookingOptions(
  items: readonly Numbered[] | undefined,
  {
    reserved,
    current,
    formatNumber = String,
  }: { reserved?: number; current?: Numbered | null; formatNumber?: (n: number) => string },
): SelectOption[] {
  const options = numberNameOptions(
    (items ?? []).filter((item) => item.number !== reserved),
    formatNumber,
  );
  if (current && !options.some((option) => option.value === current.number)) {
    options.unshift({
      value: current.number,
      label: numberNameLabel(formatNumber(current.number), current.name),
    });
  }
  return options;
}
