// The controls of the edit forms, tied to react-hook-form through register()'s return value.
import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';

interface TextInputFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'numeric' | 'email';
  autoComplete?: string;
  /** A narrow field (numbers, postcode). */
  short?: boolean;
}

export function TextInputField({
  id,
  label,
  registration,
  error,
  hint,
  required,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  short = false,
}: TextInputFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <input
          {...control}
          {...registration}
          className={short ? 'input input--short' : 'input'}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
        />
      )}
    </FormField>
  );
}

/** A value that cannot change (the number of a stored record). */
export function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <FormField id={id} label={label}>
      {(control) => <input {...control} className="input input--short" type="text" value={value} readOnly />}
    </FormField>
  );
}

export function CheckboxField({
  id,
  label,
  registration,
  error,
  hint,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} layout="checkbox">
      {(control) => <input {...control} {...registration} type="checkbox" />}
    </FormField>
  );
}
