import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { BookingSaveResult } from '@lp/domain/entities';
import { isSaved } from '@lp/domain/save-result';
import { ApiError } from '../../../../lib/api-error';
import { NOT_SAVED, type SaveOutcome } from './save-feedback';

/** The outcome of a booking form's saves, as the spec's boxes show it. */
export function useSaveOutcome() {
  const [outcome, setOutcome] = useState<SaveOutcome>(NOT_SAVED);

  /** Shows what the server answered; true when the booking was stored. */
  const showResult = useCallback((result: BookingSaveResult): boolean => {
    const saved = isSaved(result);
    setOutcome({ errors: result.errors, warnings: result.warnings, saved, warningsStale: false });
    return saved;
  }, []);

  /**
   * A refusal with the server's German errors list (403, 400) shows in the errors box; a failed
   * connection or a server error has already raised the shell's notice.
   */
  const showFailure = useCallback((error: unknown) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.errors.length > 0) {
      setOutcome({ ...NOT_SAVED, errors: error.errors });
    }
  }, []);

  // The form's values when they were last sent for checking; warnings are about exactly these.
  const checked = useRef<string | null>(null);
  const markChecked = useCallback((values: unknown) => {
    checked.current = JSON.stringify(values);
  }, []);

  /**
   * Editing a field takes back the success banner, and warnings no longer fit the values: they stay
   * readable but are marked as belonging to the checked values, and ignoring them is not offered (it
   * would store values nobody checked) until the next check re-evaluates them (issue 12 item 8).
   * Editing back to the checked values makes them current again. Errors stay while being fixed.
   */
  const onValuesChange = useCallback((values: unknown) => {
    const unchanged = checked.current !== null && JSON.stringify(values) === checked.current;
    setOutcome((current) => {
      if (current.saved && !unchanged) return { ...current, saved: false };
      if (current.warnings.length > 0 && current.warningsStale === unchanged) {
        return { ...current, warningsStale: !unchanged };
      }
      return current;
    });
  }, []);

  return { outcome, setOutcome, showResult, showFailure, markChecked, onValuesChange };
}

/** Calls `onEdit` with the form's values whenever a value of the form changes. */
export function useOnFormEdit<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  onEdit: (values: T) => void,
) {
  const { subscribe } = form;
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => onEdit(values) }),
    [subscribe, onEdit],
  );
}
