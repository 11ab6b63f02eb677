import { useState } from 'react';
import type { Booking, BookingInput } from '@lp/domain/entities';
import { BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { bookingAccess, POLICIES } from '@lp/domain/policies';
import { ApiError } from '../../../../lib/api-error';
import { useCurrentUser } from '../../../../lib/current-user';
import { useUpdateBooking } from '../../api/update-booking';
import { NOT_SAVED } from '../form/save-feedback';
import { useSaveOutcome } from '../form/use-save-outcome';

/**
 * Saving on the edit form: the version loaded travels along; a newer stored version (409) shows the
 * server's message with a reload, and who may change exported bookings (admins) confirms first.
 */
export function useEditSave(booking: Booking | undefined) {
  const user = useCurrentUser();
  const update = useUpdateBooking();
  const saveOutcome = useSaveOutcome();
  const [conflict, setConflict] = useState<string | null>(null);

  const save = async (body: BookingInput, checkForDuplicates: boolean, formValues: unknown) => {
    if (!booking) return;
    const overridesLock = bookingAccess(booking).exported && POLICIES['booking:changeExported'](user);
    if (overridesLock && !window.confirm(BOOKING_UI_MESSAGES.saveExportedConfirm)) return;
    saveOutcome.markChecked(formValues);
    try {
      const result = await update.mutateAsync({
        id: booking.id,
        body: { ...body, version: booking.version },
        checkForDuplicates,
      });
      saveOutcome.showResult(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        saveOutcome.setOutcome(NOT_SAVED);
        setConflict(error.message);
      } else {
        saveOutcome.showFailure(error);
      }
    }
  };

  return { ...saveOutcome, save, conflict, clearConflict: () => setConflict(null) };
}
