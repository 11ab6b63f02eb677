// How a service records a change in the audit trail (decisions.md section 11, decision 0011).
// Every function takes the open database transaction of the change: the entry is stored with the
// change or not at all. Field names are the wire's (decisions.md section 2); values are read from
// the stored rows, so what the trail says is what the database holds.
//
//   create:  insert the rows, then recordCreated(tx, actor, entity, keys)
//   update:  const before = await snapshotForUpdate(tx, entity, key); change the row;
//            await recordUpdated(tx, actor, entity, key, before)
//   delete:  recordDeleted(tx, actor, entity, keys), then delete the rows
//   export:  the export's ExportAudit, written at its end (bookings.export-audit.ts)
import type { AuditChange, AuditEntity } from '@lp/domain/audit';
import type { DbOrTx } from '../../db/connection';
import { diffSnapshots } from './audit.changes';
import { insertEntry, insertSnapshotEntries, selectSnapshot, type AuditSnapshot } from './audit.repository';

/** Who changes: the signed-in user (a SessionUser fits). */
export interface AuditActor {
  emailAddress: string;
}

/** One `create` entry per stored record, with all its values as new values (and `extra`). */
export function recordCreated(
  tx: DbOrTx,
  actor: AuditActor,
  entity: AuditEntity,
  keys: readonly number[],
  extra?: Record<string, AuditChange>,
): Promise<void> {
  return insertSnapshotEntries(
    tx,
    { userEmailAddress: actor.emailAddress, entity, action: 'create' },
    keys,
    extra,
  );
}

/** One `delete` entry per record, with its last values as old values: call before deleting. */
export function recordDeleted(
  tx: DbOrTx,
  actor: AuditActor,
  entity: AuditEntity,
  keys: readonly number[],
): Promise<void> {
  return insertSnapshotEntries(tx, { userEmailAddress: actor.emailAddress, entity, action: 'delete' }, keys);
}

/** The record's values before an update (its row locked until the transaction ends). */
export function snapshotForUpdate(
  tx: DbOrTx,
  entity: AuditEntity,
  key: number,
): Promise<AuditSnapshot | undefined> {
  return selectSnapshot(tx, entity, key);
}

/**
 * An `update` entry with only the fields that changed since `before` (and `extra`, such as a
 * password change); nothing when nothing changed.
 */
export async function recordUpdated(
  tx: DbOrTx,
  actor: AuditActor,
  entity: AuditEntity,
  key: number,
  before: AuditSnapshot,
  extra: Record<string, AuditChange> = {},
): Promise<void> {
  const after = await selectSnapshot(tx, entity, key);
  if (!after) return;
  const changes = { ...diffSnapshots(before, after), ...extra };
  if (Object.keys(changes).length === 0) return;
  await insertEntry(tx, { userEmailAddress: actor.emailAddress, entity, key, action: 'update', changes });
}
