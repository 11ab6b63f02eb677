import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import type { Booking, BookingInput } from '@lp/domain/entities';
import { useFormDraft } from '../../../../lib/use-form-draft';
import { useOnFormEdit, useRecheck } from '../form/use-save-outcome';
import type { EditFormProps } from './booking-edit-form';

/**
 * What both edit forms (a booking's, an empty report's) do with their form: every change reported
 * to the page (which checks edited values again while warnings show), the changes of this version
 * kept for after a new login when the session expires, and the save with or without the duplicate
 * check. `pristine`: the form's values of the stored booking.
 */
export function useEditForm<T extends FieldValues>(
  form: UseFormReturn<T, unknown, BookingInput>,
  schema: ZodType<BookingInput>,
  pristine: (booking: Booking) => T,
  { booking, locked, onSave, onEdit, recheck }: Omit<EditFormProps, 'feedback'>,
) {
  useOnFormEdit(form, onEdit);
  useRecheck(form, schema, recheck);
  useFormDraft(form, {
    formKey: `booking-edit:${booking.id}:${booking.version}`,
    pristine: () => pristine(booking),
  });
  const { isValid, isSubmitting } = form.formState;
  const save = (checkForDuplicates: boolean) =>
    form.handleSubmit((body) => onSave(body, checkForDuplicates, form.getValues()));
  return { save, disabled: locked || !isValid || isSubmitting };
}
