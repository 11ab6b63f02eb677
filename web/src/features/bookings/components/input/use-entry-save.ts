import { useEffect, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import type { BookingInput } from '@lp/domain/entities';
import { isSaved } from '@lp/domain/save-result';
import { useFormDraft } from '../../../../lib/use-form-draft';
import { createBooking, useCreateBooking } from '../../api/create-booking';
import { useOnFormEdit, useRecheck, useSaveOutcome } from '../form/use-save-outcome';

const checkOnly = (body: BookingInput) => createBooking({ body, checkForDuplicates: true, dryRun: true });

/** The form after a save: its values and the field the cursor goes to. */
export interface NextEntry<T extends FieldValues> {
  values: T;
  focus: FieldPath<T>;
}

/**
 * The save flow of the input tabs (Manuell, Leermeldung): errors stop it, warnings stop it until the
 * user resubmits with the duplicate check off (edited values are checked again meanwhile, without
 * saving); a stored entry resets the form for the next one, the creditor staying the user's (spec
 * section 4), and puts the cursor into its first field: the button pressed is disabled with the
 * empty form, and the keyboard's place would be lost with it. `next` may start the next entry with
 * some of the saved values instead (the next line of the same invoice). What is typed survives a tab
 * switch and an expired session (the draft under `formKey`), until it is saved.
 */
export function useEntrySave<T extends FieldValues>(
  form: UseFormReturn<T, unknown, BookingInput>,
  schema: ZodType<BookingInput>,
  emptyValues: () => T,
  formKey: string,
  firstField: FieldPath<T>,
  next?: (saved: T) => NextEntry<T> | null,
) {
  const create = useCreateBooking();
  const draft = useFormDraft(form, { formKey, pristine: emptyValues, keepOnLeave: true });
  const { outcome, showResult, showFailure, markChecked, onValuesChange, showRecheck } = useSaveOutcome();
  useOnFormEdit(form, onValuesChange);
  useRecheck(form, schema, { stale: outcome.warningsStale, check: checkOnly, show: showRecheck });
  const { isValid, isSubmitting } = form.formState;
  // Once the emptied form has rendered: right after reset() the field is not yet registered anew.
  const [stored, setStored] = useState<{ count: number; focus: FieldPath<T> }>({
    count: 0,
    focus: firstField,
  });
  useEffect(() => {
    if (stored.count > 0) form.setFocus(stored.focus);
  }, [stored, form]);

  const save = (checkForDuplicates: boolean) =>
    form.handleSubmit(async (body) => {
      markChecked(form.getValues());
      try {
        const result = await create.mutateAsync({ body, checkForDuplicates });
        if (isSaved(result)) {
          const following = next?.(form.getValues()) ?? { values: emptyValues(), focus: firstField };
          draft.discard();
          form.reset(following.values);
          setStored(({ count }) => ({ count: count + 1, focus: following.focus }));
        }
        showResult(result);
      } catch (error) {
        showFailure(error);
      }
    });

  return {
    outcome,
    save,
    // Only the current values' warnings may be ignored.
    canIgnore: outcome.warnings.length > 0 && outcome.errors.length === 0 && !outcome.warningsStale,
    disabled: !isValid || isSubmitting,
  };
}
