import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { BookingInput } from '@lp/domain/entities';
import { isSaved } from '@lp/domain/save-result';
import { useCreateBooking } from '../../api/create-booking';
import { useOnFormEdit, useSaveOutcome } from '../form/use-save-outcome';

/**
 * The save flow of the input tabs (Manuell, Leermeldung): errors stop it, warnings stop it until the
 * user resubmits with the duplicate check off; a stored entry resets the form for the next one, the
 * creditor staying the user's (spec section 4).
 */
export function useEntrySave<T extends FieldValues>(
  form: UseFormReturn<T, unknown, BookingInput>,
  emptyValues: () => T,
) {
  const create = useCreateBooking();
  const { outcome, showResult, showFailure, clearStale } = useSaveOutcome();
  useOnFormEdit(form, clearStale);
  const { isValid, isSubmitting } = form.formState;

  const save = (checkForDuplicates: boolean) =>
    form.handleSubmit(async (body) => {
      try {
        const result = await create.mutateAsync({ body, checkForDuplicates });
        if (isSaved(result)) form.reset(emptyValues());
        showResult(result);
      } catch (error) {
        showFailure(error);
      }
    });

  return {
    outcome,
    save,
    canIgnore: outcome.warnings.length > 0 && outcome.errors.length === 0,
    disabled: !isValid || isSubmitting,
  };
}
