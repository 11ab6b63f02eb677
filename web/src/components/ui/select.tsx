import type { ComponentPropsWithRef } from 'react';
import { NAV_LABELS, UI_LABELS } from '@lp/domain/labels';
import { cx } from '../../lib/class-names';

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children' | 'multiple'> {
  options: readonly SelectOption[];
  /** Text of the empty first option ('' value): 'Bitte auswählen' by default, e.g. 'Alle' for a filter. */
  placeholder?: string;
  invalid?: boolean;
}

/**
 * A native select: keyboard, screen reader and mobile pickers work without extra code. Works with
 * react-hook-form's register() (ref, name, onChange, onBlur pass through). The empty first option
 * reads 'Keine Einträge gefunden' when there is nothing to choose.
 */
export function Select({
  options,
  placeholder = UI_LABELS.selectPlaceholder,
  invalid,
  className,
  ...rest
}: SelectProps) {
  return (
    <select className={cx('select', className)} aria-invalid={invalid || undefined} {...rest}>
      <option value="">{options.length === 0 ? NAV_LABELS.emptyList : placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
