import { useCallback, useEffect, useState } from 'react';
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
    setOutcome({ errors: result.errors, warnings: result.warnings, saved });
    return saved;
  }, []);

  /**
   * A refusal with the server's German errors list (403, 400) shows in the errors box; a failed
   * connection or a server error has already raised the shell's notice.
   */
  const showFailure = useCallback((error: unknown) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.errors.length > 0) {
      setOutcome({ errors: error.errors, warnings: [], saved: false });
    }
  }, []);

  /**
   * Editing a field takes back the success banner and the warnings: the warnings were about the values
   * checked, and ignoring them must not store values nobody checked. Errors stay while being fixed.
   */
  const clearStale = useCallback(
    () =>
      setOutcome((current) =>
        current.saved || current.warnings.length > 0 ? { ...current, saved: false, warnings: [] } : current,
      ),
    [],
  );

  return { outcome, setOutcome, showResult, showFailure, clearStale };
}

/** Calls `onEdit` whenever the user changes a value of the form. */
export function useOnFormEdit<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  onEdit: () => void,
) {
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: onEdit }), [subscribe, onEdit]);
}
