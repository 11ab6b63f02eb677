// Upload batches (decisions.md section 11): the list a user may see, and the undo of an upload, all
// of its bookings or none. The batches themselves are written by the upload (upload.service.ts).
import type { UploadBatch } from '@lp/domain/entities';
import { UPLOAD_MESSAGES } from '@lp/domain/messages';
import { bookingScope, uploadUndoable } from '@lp/domain/policies';
import type { Db } from '../../db/connection';
import { retryWhileLocked } from '../../db/retry-while-locked';
import { AppError } from '../../lib/app-error';
import { recordDeleted } from '../audit/index';
import type { SessionUser } from '../auth/index';
import {
  deleteUploadBatch,
  lockBatchBookings,
  selectUploadBatchForUpdate,
  selectUploadBatches,
} from './upload-batches.repository';
import type { UploadBatchesQuery } from './upload-batches.request';
import { requireAccess } from '../../lib/access';

/**
 * Admins: every batch; a supplier: its own creditor's (uploaded by anyone), newest first; with
 * `mine`, only those the user uploaded.
 */
export async function listUploadBatches(
  db: Db,
  user: SessionUser,
  query: UploadBatchesQuery,
): Promise<UploadBatch[]> {
  const scope = bookingScope(user);
  const rows = await selectUploadBatches(db, {
    creditorNumber: scope.allCreditors ? undefined : scope.creditorNumber,
    createdBy: query.mine ? user.emailAddress : undefined,
    limit: query.limit,
  });
  return rows.map((row) => ({ ...row, netSum: Number(row.netSum) }));
}

/**
 * Removes an upload's bookings and the batch in one transaction. Another creditor's batch is
 * answered like a missing one; if any of its bookings is exported, nothing is removed (409); while an
 * export holds them, the undo is retried, then answered 409 (retryWhileLocked).
 */
export async function undoUpload(db: Db, user: SessionUser, id: number): Promise<number> {
  return retryWhileLocked(() => undoUploadInTransaction(db, user, id));
}

function undoUploadInTransaction(db: Db, user: SessionUser, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const batch = await selectUploadBatchForUpdate(tx, id);
    if (!batch) throw AppError.notFound();
    requireAccess(user, 'uploadBatch:undo', [batch]);
    const states = await lockBatchBookings(tx, id);
    // A booking moved to another creditor since the upload is no longer the supplier's to remove.
    for (const state of states) requireAccess(user, 'booking:view', [state]);
    if (!uploadUndoable(states)) throw AppError.of('UPLOAD_EXPORTED', UPLOAD_MESSAGES.batchExported);
    // Each removed booking gets its `delete` entry in the same transaction (audit trail).
    await recordDeleted(
      tx,
      user,
      'booking',
      states.map((state) => state.id),
    );
    return deleteUploadBatch(tx, id);
  });
}
