// The shared base of the date and month inputs: a plain text input. Typing is never refused or
// rearranged (a mask dropped keystrokes after Tab and misread 1.3.2025, issue 12); on leaving the
// field, or on Enter, a readable value is rewritten in its canonical form (dd.MM.yyyy, MM.yyyy) and an
// unreadable one stays as typed while the field says why (decision 0016-date-input).
import { useId, useState, type ComponentPropsWithoutRef, type KeyboardEvent, type Ref } from 'react';
import { cx } from '../../lib/class-names';

type NativeInputProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'placeholder' | 'maxLength' | 'min' | 'max'
>;

export interface CalendarTextInputProps extends NativeInputProps {
  /** The text as typed ('1.3.2025', '15.03.2026', '' when empty). */
  value: string;
  /** Called with the new text on every keystroke, and with the canonical form when the field is left. */
  onChange: (text: string) => void;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** How one kind of field reads its text; module constants of the date and month inputs. */
export interface CalendarTextFormat {
  placeholder: string;
  /** The canonical text of a readable value, else null. */
  canonical: (text: string) => string | null;
  /** The German reason a non-empty text is refused, else null. */
  problem: (text: string) => string | null;
}

export function CalendarTextInput({
  format,
  value,
  onChange,
  invalid,
  className,
  onBlur,
  onKeyDown,
  ...rest
}: CalendarTextInputProps & { format: CalendarTextFormat }) {
  const fallbackId = useId();
  const problemId = `${rest.id ?? fallbackId}-problem`;
  const [problem, setProblem] = useState<string | null>(null);

  const given = rest['aria-invalid'];
  const invalidFromOutside = invalid || (given !== undefined && given !== false && given !== 'false');
  // The form's own error (after submit) says the same in its place; the field's hint would repeat it.
  const ownProblem = invalidFromOutside ? null : problem;
  const describedBy = [rest['aria-describedby'], ownProblem ? problemId : undefined]
    .filter(Boolean)
    .join(' ');

  const commit = () => {
    const canonical = format.canonical(value);
    if (canonical !== null && canonical !== value) onChange(canonical);
    setProblem(canonical === null ? format.problem(value) : null);
  };

  return (
    <>
      <input
        {...rest}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={format.placeholder}
        aria-invalid={invalidFromOutside || ownProblem ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cx('input', 'input--date', className)}
        value={value}
        onChange={(event) => {
          setProblem(null);
          onChange(event.target.value);
        }}
        onBlur={(event) => {
          commit();
          onBlur?.(event);
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') commit();
          onKeyDown?.(event);
        }}
      />
      {ownProblem && (
        <p id={problemId} className="form-field__error">
          {ownProblem}
        </p>
      )}
    </>
  );
}
