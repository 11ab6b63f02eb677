import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import type { BookingInput, BookingSaveResult } from '@lp/domain/entities';
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
   * would store values nobody checked) until they are checked again (useRecheck, issue 12 item 8).
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

  /** The answer of a check without saving (dry run) for `values`: its warnings are now current. */
  const showRecheck = useCallback(
    (values: unknown, result: BookingSaveResult) => {
      markChecked(values);
      setOutcome({ errors: result.errors, warnings: result.warnings, saved: false, warningsStale: false });
    },
    [markChecked],
  );

  return { outcome, setOutcome, showResult, showFailure, markChecked, onValuesChange, showRecheck };
}

/** A check of the form's values without saving, and where its answer goes. */
export interface Recheck {
  /** Warnings are shown for values the user has edited since. */
  stale: boolean;
  check: (body: BookingInput) => Promise<BookingSaveResult>;
  show: (values: unknown, result: BookingSaveResult) => void;
}

/** Pause in typing before the edited values are checked again. */
const RECHECK_DELAY_MS = 600;

/**
 * While warnings are shown for values the user has edited, checks the current values again after a
 * pause in typing, as a dry run that stores nothing (issue 12 item 8): the warnings, and the button
 * that ignores them, always belong to what the form holds. Values the form itself refuses are not
 * sent (their field says why); an answer for values edited again meanwhile is dropped.
 */
export function useRecheck<T extends FieldValues>(
  form: UseFormReturn<T, unknown, BookingInput>,
  schema: ZodType<BookingInput>,
  { stale, check, show }: Recheck,
) {
  const { subscribe, getValues } = form;
  useEffect(() => {
    if (!stale) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const values = getValues();
        const parsed = schema.safeParse(values);
        if (!parsed.success) return;
        const sent = JSON.stringify(values);
        check(parsed.data)
          .then((result) => {
            if (active && JSON.stringify(getValues()) === sent) show(values, result);
          })
          // A failed check changes nothing: "Prüfen und speichern" still checks on the server.
          .catch(() => undefined);
      }, RECHECK_DELAY_MS);
    };
    schedule();
    const unsubscribe = subscribe({ formState: { values: true }, callback: schedule });
    return () => {
      active = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [stale, schema, check, show, subscribe, getValues]);
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
