import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';

/** What a control needs to be tied to its label and error text. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Error text under the control; marks the control invalid. */
  error?: string;
  /** Help text under the control. */
  hint?: ReactNode;
  required?: boolean;
  /** 'checkbox' puts the control before its label. */
  layout?: 'stacked' | 'checkbox';
  className?: string;
  /** Renders the control with the ids and flags that connect it to label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label, control, hint and error text as one unit. The control comes from a render function so that
 * it receives id, aria-describedby and aria-invalid without cloning elements:
 *   <FormField id="net" label="Nettobetrag" error={errors.net?.message}>
 *     {(control) => <input {...control} className="input" {...register('net')} />}
 *   </FormField>
 */
export function FormField({
  id,
  label,
  error,
  hint,
  required,
  layout = 'stacked',
  className,
  children,
}: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = children({
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  });
  const labelElement = (
    <label htmlFor={id} className="form-field__label">
      {/* A control labelled by id (the record pickers) gets the words without the asterisk. */}
      <span id={`${id}-label`}>{label}</span>
      {required && (
        <span className="form-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
  return (
    <div
      className={cx(
        'form-field',
        layout === 'checkbox' && 'form-field--checkbox',
        error && 'form-field--invalid',
        className,
      )}
    >
      {layout === 'checkbox' ? (
        <div className="form-field__row">
          {control}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          {control}
        </>
      )}
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
