import { useState } from 'react';
import type { Booking } from '@lp/domain/entities';
import { BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import type { Actor } from '@lp/domain/policies';
import { ApiError } from '../../../../lib/api-error';
import { useDeleteBookings } from '../../api/delete-bookings';
import { useExportSelectedBookings } from '../../api/export-selected-bookings';
import { useExportBookings, type ExportFormat } from '../../api/export-bookings';
import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { useMessageDialog } from '../../../../components/ui/message-dialog';
import { confirmDecision, deleteDecision, exportDecision } from '../../utils/list-actions';
import type { ListState } from '../../utils/list-state';

export interface ActionFeedback {
  variant: 'success' | 'error';
  message: string;
}

/**
 * Delete and export of the list, each behind the alerts and confirmations of spec section 8. After
 * either the list reloads (deleted rows disappear, exported rows show their check) and the selection
 * is cleared.
 */
export function useListActions({
  state,
  total,
  selected,
  user,
  clearSelection,
}: {
  state: ListState;
  /** The filter's bookings as the list has loaded them; undefined while they load. */
  total: number | undefined;
  selected: readonly Booking[];
  user: Actor;
  clearSelection: () => void;
}) {
  const [feedback, setFeedback] = useState<ActionFeedback | null>(null);
  const remove = useDeleteBookings();
  const exportAll = useExportBookings();
  const exportSelected = useExportSelectedBookings();
  const dialogs = useMessageDialog();

  const deleteSelected = async () => {
    setFeedback(null);
    if (
      !(await confirmDecision(deleteDecision(selected, user), dialogs, {
        confirmLabel: L.delete,
        destructive: true,
      }))
    )
      return;
    remove.mutate(
      selected.map((booking) => booking.id),
      {
        onSuccess: ({ deleted }) => {
          clearSelection();
          setFeedback({ variant: 'success', message: BOOKING_UI_MESSAGES.bookingsDeleted(deleted) });
        },
        onError: (error) => {
          // A refusal (exported meanwhile, already deleted) names its reason; other failures raised a notice.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            setFeedback({ variant: 'error', message: error.message });
          }
        },
      },
    );
  };

  const exportBookings = async (format: ExportFormat) => {
    setFeedback(null);
    if (
      !(await confirmDecision(exportDecision(selected, state.filter, total), dialogs, {
        confirmLabel: L.export,
      }))
    )
      return;
    const done = {
      onSuccess: (exported: number | null) => {
        if (exported === null) return;
        clearSelection();
        setFeedback({ variant: 'success', message: BOOKING_UI_MESSAGES.bookingsExported(exported) });
      },
    };
    if (selected.length > 0) {
      exportSelected.mutate(
        { ids: selected.map((booking) => booking.id), sorting: state.sorting, format },
        done,
      );
    } else {
      exportAll.mutate({ filter: state.filter, sorting: state.sorting, format }, done);
    }
  };

  return {
    dialog: dialogs.dialog,
    deleteSelected,
    exportBookings,
    feedback,
    dismissFeedback: () => setFeedback(null),
    isDeleting: remove.isPending,
    isExporting: exportAll.isPending || exportSelected.isPending,
  };
}
