import { useState } from 'react';
import { formatDate, isoDayToWire, parseCalendarDate } from '@lp/domain/dates';
import type { FieldControlProps } from '../../../../components/ui/form-field';
import { DateInput } from '../../../../components/ui/date-input';

const toText = (isoDay: string | null) => (isoDay ? formatDate(isoDayToWire(isoDay)) : '');

/** A date with a four-digit year (or ISO) is finished while typing; '1.3.20' may still become 1.3.2025. */
const finished = (text: string) => /(?:\.\d{4}|^\s*\d{4}-\d{2}-\d{2})\s*$/.test(text);

interface FilterDateInputProps extends FieldControlProps {
  /** The applied date, 'YYYY-MM-DD' or null. */
  value: string | null;
  onChange: (isoDay: string | null) => void;
}

/**
 * A date filter: a finished date or an emptied box applies at once, a two-digit year when the box is
 * left (the input then writes it out in full). A date that cannot be read is kept as typed, with the
 * field's explanation, and the filter stays as it was: nothing is emptied behind the user's back.
 */
export function FilterDateInput({ value, onChange, ...control }: FilterDateInputProps) {
  const [text, setText] = useState(() => toText(value));
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    // Set from outside (reset, URL): show it, also over a refused text that parses to null.
    if (parseCalendarDate(text) !== value || value === null) setText(toText(value));
  }

  return (
    <DateInput
      {...control}
      value={text}
      onChange={(next) => {
        setText(next);
        if (next.trim() === '') {
          if (value !== null) onChange(null);
          return;
        }
        const day = finished(next) ? parseCalendarDate(next) : null;
        if (day !== null && day !== value) onChange(day);
      }}
    />
  );
}
