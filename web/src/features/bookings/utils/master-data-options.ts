// The options of the booking pickers: master data without the records reserved for empty reports
// (nobody books on them by hand, and suppliers never see them in a picker), plus (on the edit form)
// the booking's current record when it is not among them, so the picker shows what is stored
// instead of silently switching to "Bitte auswählen".
import {
  numberNameLabel,
  numberNameOptions,
  type PickableRecord,
} from '../../../components/ui/select-options';
import type { RecordOption } from '../../../components/ui/record-combobox';

export function bookingOptions(
  items: readonly PickableRecord[] | undefined,
  {
    reserved,
    current,
    formatNumber = String,
  }: { reserved?: number; current?: PickableRecord | null; formatNumber?: (n: number) => string },
): RecordOption[] {
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
