import type { Control, FieldValues, Path } from 'react-hook-form';
import type { BookingInput } from '@lp/domain/entities';
import { BOOKING_LABELS } from '@lp/domain/labels';
import { ControlledField } from '../../../../components/ui/controlled-field';
import { FormField } from '../../../../components/ui/form-field';
import { RecordCombobox, type RecordOption } from '../../../../components/ui/record-combobox';

export interface CreditorChoice {
  /** Admins choose from these; null for a supplier, whose creditor is fixed. */
  options: readonly RecordOption[] | null;
  /** A supplier's own creditor as 'number – name'. */
  ownLabel: string;
}

interface CreditorFieldProps<T extends FieldValues> {
  id: string;
  /** The control of a booking form (manual entry, empty report, edit): they all output a booking. */
  control: Control<T, unknown, BookingInput>;
  name: Path<T>;
  choice: CreditorChoice;
}

/** Kreditor: a searchable picker for admins; for suppliers their own creditor as read-only text (spec section 2). */
export function CreditorField<T extends FieldValues>({ id, control, name, choice }: CreditorFieldProps<T>) {
  if (choice.options === null) {
    return (
      <FormField id={id} label={BOOKING_LABELS.creditorId}>
        {(field) => <input {...field} className="input" readOnly value={choice.ownLabel} />}
      </FormField>
    );
  }
  const options = choice.options;
  return (
    <ControlledField
      control={control}
      name={name}
      id={id}
      label={BOOKING_LABELS.creditorId}
      required
      render={(field, props, invalid) => (
        <RecordCombobox
          {...props}
          {...field}
          value={field.value as number | null}
          options={options}
          invalid={invalid}
          recentKind="creditor"
        />
      )}
    />
  );
}
