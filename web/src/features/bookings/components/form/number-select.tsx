import type { SelectOption, SelectProps } from '../../../../components/ui/select';
import { Select } from '../../../../components/ui/select';

export interface NumberSelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'options'> {
  value: number | null;
  onChange: (value: number | null) => void;
  options: readonly SelectOption[];
}

/**
 * A controlled select of business numbers (null = nothing chosen). Controlled, so a stored value shows
 * as soon as the options arrive, whatever order the requests answer in.
 */
export function NumberSelect({ value, onChange, ...rest }: NumberSelectProps) {
  return (
    <Select
      {...rest}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    />
  );
}
