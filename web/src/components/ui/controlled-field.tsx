import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { FormField, type FieldControlProps } from './form-field';

interface ControlledFieldProps<T extends FieldValues, TOut, N extends FieldPath<T>> {
  control: Control<T, unknown, TOut>;
  name: N;
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  /** The control, given the form's field binding and the ids/flags that tie it to label and error. */
  render: (field: ControllerRenderProps<T, N>, control: FieldControlProps, invalid: boolean) => ReactNode;
}

/**
 * A FormField whose control is bound through react-hook-form's Controller (masked inputs, number
 * selects): the one place that wires the field's value, error text and invalid state together.
 *   <ControlledField control={control} name="month" id="month" label="Monat" required
 *     render={(field, props) => <MonthInput {...props} {...field} />} />
 */
export function ControlledField<T extends FieldValues, TOut, N extends FieldPath<T>>({
  control,
  name,
  id,
  label,
  required,
  hint,
  className,
  render,
}: ControlledFieldProps<T, TOut, N>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          id={id}
          label={label}
          required={required}
          hint={hint}
          className={className}
          error={fieldState.error?.message}
        >
          {(props) => render(field, props, fieldState.invalid)}
        </FormField>
      )}
    />
  );
}
