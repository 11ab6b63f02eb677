import { useState } from 'react';
import { formatDate, isoDayToWire, parseCalendarDate } from '@lp/domain/dates';
import type { FieldControlProps } from '../../../../components/ui/form-field';
import { MaskedDateInput } from '../../../../components/ui/masked-date-input';

const toText = (isoDay: string | null) => (isoDay ? formatDate(isoDayToWire(isoDay)) : '');

interface FilterDateInputProps extends FieldControlProps {
  /** The applied date, 'YYYY-MM-DD' or null. */
  value: string | null;
  onChange: (isoDay: string | null) => void;
}

/**
 * A date filter: a complete date or an emptied box applies at once; a half-typed date does not
 * (and is put back to the applied date when the box is left).
 */
export function FilterDateInput({ value, onChange, ...control }: FilterDateInputProps) {
  const [text, setText] = useState(() => toText(value));
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    if (parseCalendarDate(text) !== value) setText(toText(value));
  }

  return (
    <MaskedDateInput
      {...control}
      value={text}
      onChange={(next) => {
        setText(next);
        const day = next === '' ? null : parseCalendarDate(next);
        if ((next === '' || day !== null) && day !== value) onChange(day);
      }}
      onBlur={() => {
        if (text !== '' && parseCalendarDate(text) === null) setText(toText(value));
      }}
    />
  );
}
