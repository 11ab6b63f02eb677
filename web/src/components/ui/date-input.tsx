// Date entry (Rechnungsdatum, list filter): d.M.yyyy, dd.MM.yy or a pasted ISO date, shown as
// dd.MM.yyyy once the field is left; the spec's placeholder TT.MM.JJJJ.
import { dateInputProblem } from '@lp/domain/date-input';
import { formatDate, isoDayToWire, parseCalendarDate } from '@lp/domain/dates';
import { UI_LABELS } from '@lp/domain/labels';
import {
  CalendarTextInput,
  type CalendarTextFormat,
  type CalendarTextInputProps,
} from './calendar-text-input';

const DATE_FORMAT: CalendarTextFormat = {
  placeholder: UI_LABELS.datePlaceholder,
  canonical: (text) => {
    const day = parseCalendarDate(text);
    return day === null ? null : formatDate(isoDayToWire(day));
  },
  problem: dateInputProblem,
};

export type DateInputProps = CalendarTextInputProps;

/** Value and onChange carry the text; parseCalendarDate gives the ISO day. */
export function DateInput(props: DateInputProps) {
  return <CalendarTextInput {...props} format={DATE_FORMAT} />;
}
