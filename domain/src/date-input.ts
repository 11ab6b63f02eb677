// The German explanation of a typed date or month that cannot be read: one wording for the field's
// own hint, the form's check and the server's answer.
import { MASK_DIGITS_DATE, readCalendarDate, readMonth, type DateProblem } from './dates';
import { MESSAGES } from './messages';

/** A date typed as the digits of a mask (31022026), named with its dots as the user means it. */
const dotted = (typed: string) => typed.replace(MASK_DIGITS_DATE, '$1.$2.$3');

function explain(problem: DateProblem, typed: string, kind: 'date' | 'month'): string {
  if (problem === 'year') return MESSAGES.dateYearOutOfRange;
  if (problem === 'day') return MESSAGES.noSuchDay(dotted(typed.trim()));
  return kind === 'month' ? MESSAGES.invalidMonth : MESSAGES.invalidDate;
}

/** Why a typed date is refused, or null when it is empty or a real date. */
export function dateInputProblem(typed: string): string | null {
  if (typed.trim() === '') return null;
  const reading = readCalendarDate(typed);
  return 'problem' in reading ? explain(reading.problem, typed, 'date') : null;
}

/** Why a typed month is refused, or null when it is empty or a real month. */
export function monthInputProblem(typed: string): string | null {
  if (typed.trim() === '') return null;
  const reading = readMonth(typed);
  return 'problem' in reading ? explain(reading.problem, typed, 'month') : null;
}
