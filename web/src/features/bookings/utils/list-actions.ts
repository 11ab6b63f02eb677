// What the list's delete and export links do before calling the API: the alerts and confirmations of
// spec section 8, decided from the selection, the role and the filter. Pure, so every case is tested.
import { BOOKING_MESSAGES, BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { mayIncludeExported, type BookingListFilter } from './list-state';

/** 'alert': tell the user and stop; 'confirm': ask, go on only on yes; 'proceed': go on at once. */
export type ActionDecision =
  { kind: 'alert'; message: string } | { kind: 'confirm'; message: string } | { kind: 'proceed' };

interface SelectedBooking {
  exportDate: string | null;
}

const exportedCount = (selected: readonly SelectedBooking[]) =>
  selected.filter((booking) => booking.exportDate !== null).length;

export function deleteDecision(selected: readonly SelectedBooking[], isAdmin: boolean): ActionDecision {
  if (selected.length === 0) return { kind: 'alert', message: BOOKING_UI_MESSAGES.deleteNothingSelected };
  const exported = exportedCount(selected);
  if (exported > 0 && !isAdmin) return { kind: 'alert', message: BOOKING_MESSAGES.exportedNotDeletable };
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
 * when the filter may hold exported ones (the spec's case: "not exported" is not ticked).
 */
export function exportDecision(
  selected: readonly SelectedBooking[],
  filter: BookingListFilter,
): ActionDecision {
  if (selected.length > 0) {
    const exported = exportedCount(selected);
    return exported > 0
      ? { kind: 'confirm', message: BOOKING_UI_MESSAGES.exportSelectedConfirm(exported) }
      : { kind: 'proceed' };
  }
  return mayIncludeExported(filter)
    ? { kind: 'confirm', message: BOOKING_UI_MESSAGES.exportAllConfirm }
    : { kind: 'proceed' };
}

/** Runs a decision through the browser's dialogs; true when the action may go on. */
export function confirmDecision(decision: ActionDecision): boolean {
  if (decision.kind === 'alert') {
    window.alert(decision.message);
    return false;
  }
  return decision.kind === 'proceed' || window.confirm(decision.message);
}
