import { useCallback, useState } from 'react';
import type { Booking, BookingInput } from '@lp/domain/entities';
import { BOOKING_EDIT_LABELS } from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { bookingAccess, POLICIES } from '@lp/domain/policies';
import { hasErrorCode } from '../../../../lib/api-error';
import { useMessageDialog } from '../../../../components/ui/message-dialog';
import { useCurrentUser } from '../../../../lib/current-user';
import { updateBooking, useUpdateBooking } from '../../api/update-booking';
import { NOT_SAVED } from '../form/save-feedback';
import { useSaveOutcome, type Recheck } from '../form/use-save-outcome';

/**
 * Saving on the edit form: the version loaded travels along; a newer stored version (409) shows the
 * server's message with a reload, and who may change exported bookings (admins) confirms first.
 */
export function useEditSave(booking: Booking | undefined) {
  const user = useCurrentUser();
  const update = useUpdateBooking();
  const saveOutcome = useSaveOutcome();
  const [conflict, setConflict] = useState<string | null>(null);
  const dialogs = useMessageDialog();

  const save = async (body: BookingInput, checkForDuplicates: boolean, formValues: unknown) => {
    if (!booking) return;
    const overridesLock = bookingAccess(booking).exported && POLICIES['booking:changeExported'](user);
    if (
      overridesLock &&
      !(await dialogs.confirm(BOOKING_UI_MESSAGES.saveExportedConfirm, {
        confirmLabel: BOOKING_EDIT_LABELS.saveAnyway,
      }))
    )
      return;
    saveOutcome.markChecked(formValues);
    try {
      const result = await update.mutateAsync({
        id: booking.id,
        body: { ...body, version: booking.version },
        checkForDuplicates,
      });
      saveOutcome.showResult(result);
    } catch (error) {
      if (hasErrorCode(error, 'VERSION_CONFLICT')) {
        saveOutcome.setOutcome(NOT_SAVED);
        setConflict(error.message);
      } else {
        saveOutcome.showFailure(error);
      }
    }
  };

  // Edited values are checked again while warnings are shown (without saving; a 409 etc. is left to
  // "Prüfen und speichern", which explains it).
  const check = useCallback(
    (body: BookingInput) =>
      updateBooking({
        id: booking!.id,
        body: { ...body, version: booking!.version },
        checkForDuplicates: true,
        dryRun: true,
      }),
    [booking],
  );
  const recheck: Recheck = { stale: saveOutcome.outcome.warningsStale, check, show: saveOutcome.showRecheck };

  return {
    ...saveOutcome,
    save,
    recheck,
    conflict,
    clearConflict: () => setConflict(null),
    dialog: dialogs.dialog,
  };
}
