// Month entry for the empty report: mask month.year (MM.JJJJ), month 1–12, year 1900–9999.
import { MaskedRange } from 'imask';
import { parseMonth } from '@lp/domain/dates';
import { UI_LABELS } from '@lp/domain/labels';
import { MaskedTextInput, type MaskConfig, type MaskedTextInputProps } from './masked-text-input';
import { PaddingRange } from './padding-range';

const MONTH_MASK: MaskConfig = {
  options: {
    mask: 'm.`Y',
    blocks: {
      m: { mask: PaddingRange, from: 1, to: 12, maxLength: 2, autofix: 'pad', placeholderChar: 'M' },
      Y: { mask: MaskedRange, from: 1900, to: 9999, maxLength: 4, placeholderChar: 'J' },
    },
    // Refuses the keystroke that would complete an impossible value such as 31.02.2026.
    validate: (text: string, masked: { isComplete: boolean }) =>
      !masked.isComplete || parseMonth(text) !== null,
  },
  placeholder: UI_LABELS.monthPlaceholder,
};

export type MonthInputProps = MaskedTextInputProps;

/** Value and onChange carry the text (MM.yyyy when complete); parseMonth gives the month's first day. */
export function MonthInput(props: MonthInputProps) {
  return <MaskedTextInput {...props} config={MONTH_MASK} />;
}
