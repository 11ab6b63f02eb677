import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useCurrentUser } from './current-user';
import { noteLeftForm, registerDraftSource, removeDraft, takeDraft, writeDraft } from './form-drafts';

const NONE: readonly string[] = [];

export interface FormDraftOptions<T> {
  /** Names the form, e.g. 'manual-entry' or 'booking-edit:12:3' (id and version). */
  formKey: string;
  /** The values the form starts with: a form still holding them has nothing to keep. */
  pristine: () => T;
  /** Keeps the values when the form leaves the screen (the input tabs), not only on a 401. */
  keepOnLeave?: boolean;
  /** Fields never kept (passwords). */
  omit?: readonly string[];
}

/**
 * A form's draft (lib/form-drafts.ts): restored once when the form opens, kept when the session
 * ends while the form is open or just after it left the screen and, with keepOnLeave, whenever it
 * leaves the screen. Returns `discard`, called after a successful save.
 */
export function useFormDraft<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  { formKey, pristine, keepOnLeave = false, omit = NONE }: FormDraftOptions<T>,
) {
  const userId = useCurrentUser().id;
  // The latest options without re-running the effects on every render.
  const pristineRef = useRef(pristine);
  pristineRef.current = pristine;
  const omitted = omit.join(',');
  const { getValues, reset } = form;

  useEffect(() => {
    const without = (values: T): Record<string, unknown> => {
      const kept: Record<string, unknown> = { ...values };
      for (const name of omitted.split(',')) delete kept[name];
      return kept;
    };
    const changedValues = () => {
      const values = without(getValues());
      return JSON.stringify(values) === JSON.stringify(without(pristineRef.current())) ? null : values;
    };
    const draft = takeDraft<T>(userId, formKey);
    // keepDefaultValues: the restored values count as changes, so the next leave keeps them again.
    if (draft) reset({ ...pristineRef.current(), ...draft }, { keepDefaultValues: true });
    const unregister = registerDraftSource({ userId, formKey, values: changedValues });
    return () => {
      unregister();
      const values = changedValues();
      if (values === null) return;
      if (keepOnLeave) writeDraft(userId, formKey, values);
      else noteLeftForm(userId, formKey, values);
    };
  }, [userId, formKey, keepOnLeave, omitted, getValues, reset]);

  return { discard: () => removeDraft(userId, formKey) };
}
