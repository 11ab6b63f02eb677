// What the list's delete and export links do before calling the API: the alerts and confirmations of
// spec section 8, decided from the selection, the user's rights (POLICIES) and the filter. Pure, so
// every case is tested.
import type { Booking } from '@lp/domain/entities';
import { BOOKING_MESSAGES, BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { bookingAccess, POLICIES, type Actor } from '@lp/domain/policies';
import type { ConfirmOptions } from '../../../components/ui/message-dialog';
import { mayIncludeExported, type BookingListFilter } from './list-state';

/** 'alert': tell the user and stop; 'confirm': ask, go on only on yes; 'proceed': go on at once. */
export type ActionDecision =
  { kind: 'alert'; message: string } | { kind: 'confirm'; message: string } | { kind: 'proceed' };

type SelectedBooking = Pick<Booking, 'creditorId' | 'exportDate'>;

const exportedCount = (selected: readonly SelectedBooking[]) =>
  selected.filter((booking) => booking.exportDate !== null).length;

export function deleteDecision(selected: readonly SelectedBooking[], user: Actor): ActionDecision {
  if (selected.length === 0) return { kind: 'alert', message: BOOKING_UI_MESSAGES.deleteNothingSelected };
  // The list holds only bookings the user sees: what keeps one from deletion is the export lock.
  if (!selected.every((booking) => POLICIES['booking:delete'](user, bookingAccess(booking)))) {
    return { kind: 'alert', message: BOOKING_MESSAGES.exportedNotDeletable };
  }
  const exported = exportedCount(selected);
  return {
    kind: 'confirm',
    message:
      exported > 0
        ? BOOKING_UI_MESSAGES.deleteExportedConfirm(exported, selected.length)
        : BOOKING_UI_MESSAGES.deleteConfirm(selected.length),
  };
}

/**
 * Exporting the selection warns when it holds exported bookings; exporting the whole filter warns
 * when the filter may hold exported ones (the spec's case: "not exported" is not ticked), and stops
 * when the list has shown that the filter holds none (`total`, undefined while it is not known): the
 * download would be an empty file and an empty export batch.
 */
export function exportDecision(
  selected: readonly SelectedBooking[],
  filter: BookingListFilter,
  total: number | undefined,
): ActionDecision {
  if (selected.length > 0) {
    const exported = exportedCount(selected);
    return exported > 0
      ? { kind: 'confirm', message: BOOKING_UI_MESSAGES.exportSelectedConfirm(exported, selected.length) }
      : { kind: 'proceed' };
  }
  if (total === 0) return { kind: 'alert', message: BOOKING_UI_MESSAGES.exportNothingFound };
  return mayIncludeExported(filter)
    ? { kind: 'confirm', message: BOOKING_UI_MESSAGES.exportAllConfirm }
    : { kind: 'proceed' };
}

/** The in-page dialogs a decision is put to (components/ui/message-dialog.tsx useMessageDialog). */
export interface DecisionDialogs {
  confirm: (message: string, options?: ConfirmOptions) => Promise<boolean>;
  alert: (message: string) => Promise<void>;
}

/** Puts a decision to the user in an in-page dialog; true when the action may go on. */
export async function confirmDecision(
  decision: ActionDecision,
  dialogs: DecisionDialogs,
  options?: ConfirmOptions,
): Promise<boolean> {
  if (decision.kind === 'alert') {
    await dialogs.alert(decision.message);
    return false;
  }
  return decision.kind === 'proceed' || dialogs.confirm(decision.message, options);
}
