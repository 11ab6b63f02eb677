import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useCurrentUser } from './current-user';
import { registerDraftSource, removeDraft, takeDraft, writeDraft } from './form-drafts';

export interface FormDraftOptions<T> {
  /** Names the form, e.g. 'manual-entry' or 'booking-edit:12:3' (id and version). */
  formKey: string;
  /** The values the form starts with: a form still holding them has nothing to keep. */
  pristine: () => T;
  /** Keeps the values when the form leaves the screen (the input tabs), not only on a 401. */
  keepOnLeave?: boolean;
}

/**
 * A booking form's draft (lib/form-drafts.ts): restored once when the form opens, kept when the
 * session expires and, with keepOnLeave, when the form leaves the screen. Returns `discard`, called
 * after a successful save.
 */
export function useFormDraft<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  { formKey, pristine, keepOnLeave = false }: FormDraftOptions<T>,
) {
  const userId = useCurrentUser().id;
  // The latest options without re-running the effects on every render.
  const pristineRef = useRef(pristine);
  pristineRef.current = pristine;
  const { getValues, reset } = form;

  useEffect(() => {
    const changedValues = () => {
      const values = getValues();
      return JSON.stringify(values) === JSON.stringify(pristineRef.current()) ? null : values;
    };
    const draft = takeDraft<T>(userId, formKey);
    // keepDefaultValues: the restored values count as changes, so the next leave keeps them again.
    if (draft) reset({ ...pristineRef.current(), ...draft }, { keepDefaultValues: true });
    const unregister = registerDraftSource({ userId, formKey, values: changedValues });
    return () => {
      unregister();
      const values = keepOnLeave ? changedValues() : null;
      if (values) writeDraft(userId, formKey, values);
    };
  }, [userId, formKey, keepOnLeave, getValues, reset]);

  return { discard: () => removeDraft(userId, formKey) };
}
