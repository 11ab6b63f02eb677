// Date entry as the spec asks: mask day.month.year with placeholders T, M, J; day 1–31, month 1–12,
// year 1900–9999; a keystroke that would complete a nonexistent date (31.02.) is refused.
import { MaskedRange } from 'imask';
import { parseCalendarDate } from '@lp/domain/dates';
import { UI_LABELS } from '@lp/domain/labels';
import { MaskedTextInput, type MaskConfig, type MaskedTextInputProps } from './masked-text-input';
import { PaddingRange } from './padding-range';

const DATE_MASK: MaskConfig = {
  options: {
    mask: 'd.`m.`Y',
    blocks: {
      // 'pad' turns a leading 4 into 04: nobody types a leading zero for the 4th.
      d: { mask: PaddingRange, from: 1, to: 31, maxLength: 2, autofix: 'pad', placeholderChar: 'T' },
      m: { mask: PaddingRange, from: 1, to: 12, maxLength: 2, autofix: 'pad', placeholderChar: 'M' },
      Y: { mask: MaskedRange, from: 1900, to: 9999, maxLength: 4, placeholderChar: 'J' },
    },
    // Refuses the keystroke that would complete an impossible value such as 31.02.2026.
    validate: (text: string, masked: { isComplete: boolean }) =>
      !masked.isComplete || parseCalendarDate(text) !== null,
  },
  placeholder: UI_LABELS.datePlaceholder,
};

export type MaskedDateInputProps = MaskedTextInputProps;

/** Value and onChange carry the text (dd.MM.yyyy when complete); parseCalendarDate gives the ISO day. */
export function MaskedDateInput(props: MaskedDateInputProps) {
  return <MaskedTextInput {...props} config={DATE_MASK} />;
}
