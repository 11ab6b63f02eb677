import type { ComponentPropsWithRef } from 'react';
import { INPUT_LABELS } from '@lp/domain/labels';
import { decimalPlaces, formatAmount, parseAmount } from '@lp/domain/numbers';
import { cx } from '../../../../lib/class-names';

export interface AmountInputProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'onChange' | 'type' | 'inputMode'
> {
  value: string;
  onChange: (text: string) => void;
}

/**
 * The net amount (spec: number, any step, placeholder 0,00, comma as radix, 2 decimals). A text input
 * with the decimal keypad rather than type=number: a number input drops what it cannot read in the
 * browser's locale ('12,50' in an English browser) and reports an empty value instead. On leaving the
 * field a readable amount is shown German style with two decimals ('1234,5' → '1.234,50'); an amount
 * with more decimals stays as typed, so the validation can name the problem.
 */
export function AmountInput({ value, onChange, onBlur, className, ...rest }: AmountInputProps) {
  return (
    <input
      {...rest}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      placeholder={INPUT_LABELS.netPlaceholder}
      className={cx('input', 'input--amount', className)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => {
        const amount = parseAmount(value);
        if (amount !== null && decimalPlaces(amount) <= 2) {
          const formatted = formatAmount(amount);
          if (formatted !== value) onChange(formatted);
        }
        onBlur?.(event);
      }}
    />
  );
}
