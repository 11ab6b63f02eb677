// The behaviour every edit page shares (spec section 4, master-data edit): load the record, save it,
// delete it after confirmation, and say what happened. A new record saved without errors continues
// on its own edit page (by number; users by the returned id) with the success box.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MASTER_DATA_SCREEN_LABELS } from '@lp/domain/labels';
import { MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { isSaved } from '@lp/domain/save-result';
import { useMessageDialog } from '../../../components/ui/message-dialog';
import { ApiError, isClientError } from '../../../lib/api-error';
import { useDeleteRecord } from '../api/delete-record';
import { loadedVersionOf, useRecord } from '../api/get-record';
import { masterDataKeys } from '../../../api/master-data-keys';
import { useSaveRecord } from '../api/save-record';
import { editPath, listPath, type RecordResource } from '../kinds/resource';
import { deletedState } from './deleted-notice';
import { useOneTimeNotice } from './one-time-notice';
import type { EditKey } from './edit-key';

export type EditorStatus =
  | { kind: 'idle' }
  | { kind: 'saved' }
  | { kind: 'created' }
  | { kind: 'invalid'; errors: readonly ValidationMessage[] }
  | { kind: 'deleteFailed'; errors: readonly ValidationMessage[] };

// Carried through the navigation from ?id=new to the created record's page, whose box says created.
const CREATED_STATE = { created: true } as const;
const createdNoticeOf = (state: unknown): EditorStatus | null =>
  typeof state === 'object' && state !== null && (state as { created?: unknown }).created === true
    ? { kind: 'created' }
    : null;

// A refusal of the server (400, 403, 404, 409) as the messages to list; 5xx and lost connections are
// already reported by the API client's notice.
function refusalMessages(error: unknown): ValidationMessage[] | null {
  if (!isClientError(error) || !(error instanceof ApiError)) return null;
  return error.errors.length > 0 ? error.errors : [{ property: '', message: error.message }];
}

export function useRecordEditor<T>(resource: RecordResource<T>, editKey: EditKey) {
  const key = editKey === 'new' ? null : editKey;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Starts as the success box a create carried here, if any.
  const [shown, setStatus] = useOneTimeNotice(createdNoticeOf);
  const status: EditorStatus = shown ?? { kind: 'idle' };
  const record = useRecord<T>(resource.path, key);
  const save = useSaveRecord(resource.path);
  const remove = useDeleteRecord(resource.path);
  const dialogs = useMessageDialog();

  function submit(body: unknown) {
    setStatus({ kind: 'idle' });
    const loaded = record.data;
    save.mutate(
      { key, body, loadedVersion: loaded ? loadedVersionOf(loaded) : undefined },
      {
        onSuccess: (result) => {
          if (!isSaved(result)) setStatus({ kind: 'invalid', errors: result.errors });
          else if (key === null && result.id !== null) {
            void navigate(editPath(resource.path, result.id), { replace: true, state: CREATED_STATE });
          } else setStatus({ kind: 'saved' });
        },
        onError: (error) => {
          const errors = refusalMessages(error);
          if (errors) setStatus({ kind: 'invalid', errors });
        },
      },
    );
  }

  async function confirmDelete() {
    if (key === null || !record.data) return;
    const confirmed = await dialogs.confirm(MESSAGES.deleteConfirm(resource.deleteObject(record.data)), {
      confirmLabel: MASTER_DATA_SCREEN_LABELS.delete,
      destructive: true,
    });
    if (!confirmed) return;
    const deleted = resource.deletedMessage(record.data);
    setStatus({ kind: 'idle' });
    remove.mutate(
      { key, loadedVersion: loadedVersionOf(record.data) },
      {
        // Dropped only after leaving: while this page observes the record, dropping it would refetch it.
        onSuccess: () =>
          void Promise.resolve(navigate(listPath(resource.path), { state: deletedState(deleted) })).then(() =>
            queryClient.removeQueries({ queryKey: masterDataKeys.record(resource.path, key) }),
          ),
        onError: (error) => {
          const errors = refusalMessages(error);
          if (errors) setStatus({ kind: 'deleteFailed', errors });
        },
      },
    );
  }

  return {
    isNew: key === null,
    record,
    status,
    submit,
    confirmDelete: () => void confirmDelete(),
    /** The delete's confirmation, rendered by the page. */
    dialog: dialogs.dialog,
    busy: save.isPending || remove.isPending,
  };
}

export type RecordEditor<T> = ReturnType<typeof useRecordEditor<T>>;
