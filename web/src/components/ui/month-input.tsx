// Month entry for the empty report: M.yyyy, MM.yy or a pasted ISO month (2025-03), shown as MM.yyyy
// once the field is left; the spec's placeholder MM.JJJJ.
import { monthInputProblem } from '@lp/domain/date-input';
import { parseMonth } from '@lp/domain/dates';
import { UI_LABELS } from '@lp/domain/labels';
import {
  CalendarTextInput,
  type CalendarTextFormat,
  type CalendarTextInputProps,
} from './calendar-text-input';

const MONTH_FORMAT: CalendarTextFormat = {
  placeholder: UI_LABELS.monthPlaceholder,
  canonical: (text) => {
    const firstDay = parseMonth(text);
    return firstDay === null ? null : `${firstDay.slice(5, 7)}.${firstDay.slice(0, 4)}`;
  },
  problem: monthInputProblem,
};

export type MonthInputProps = CalendarTextInputProps;

/** Value and onChange carry the text; parseMonth gives the month's first day. */
export function MonthInput(props: MonthInputProps) {
  return <CalendarTextInput {...props} format={MONTH_FORMAT} />;
}
