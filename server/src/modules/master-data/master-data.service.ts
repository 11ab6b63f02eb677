// Business rules of articles, creditors and debitors, written once for the three kinds.
//
// Access (decisions.md section 3; the rules themselves in domain/src/policies.ts). Writes are
// admin-only (the routes answer 403). Reading (masterDataScope and POLICIES['masterData:read']):
// - admins read everything;
// - a supplier reads active articles and debitors; an inactive one answers 404, exactly like a
//   number that does not exist, because it is not part of what a supplier can see;
// - a supplier reads only its own creditor; any other creditor number answers 403 before the
//   database is asked, so the answer never tells whether that creditor exists.
// In short: 403 = the role or ownership forbids it (checked first, whatever exists), 404 = no such
// record in the caller's view.
import type { ErrorCode } from '@lp/domain/error-codes';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { AuditEntity } from '@lp/domain/audit';
import type { MasterDataSaveResult } from '@lp/domain/entities';
import { businessNumberRule } from '@lp/domain/master-data.schema';
import { MASTER_DATA_MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { masterDataScope, type MasterDataKindName } from '@lp/domain/policies';
import { toValidationMessages } from '@lp/domain/validation';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { assertUnchangedBeforeDelete, assertVersion } from '../../lib/record-version';
import {
  recordCreated,
  recordDeleted,
  recordUpdated,
  snapshotForUpdate,
  type AuditActor,
} from '../audit/index';
import type { SessionUser } from '../auth/index';
import type { MasterDataKind, MasterDataTable, Stored } from './master-data.kind';
import {
  deleteMasterDataRow,
  insertMasterData,
  masterDataExists,
  selectMasterData,
  selectMasterDataVersion,
  updateMasterDataRow,
  type MasterDataFilter,
} from './master-data.repository';
import { afterWritingBookings } from '../bookings/index';
import { requireAccess } from '../../lib/access';

/** The audit trail's name of each kind; every write is recorded in its transaction. */
const AUDIT_ENTITY: Record<MasterDataKindName, AuditEntity> = {
  articles: 'article',
  creditors: 'creditor',
  debitors: 'debitor',
};

// Every function takes the kind it works on; the type parameters are those of MasterDataKind.

const message = (property: string, text: string): ValidationMessage => ({ property, message: text });

const cannotDelete = (kind: { deleteFailed: string }, code: ErrorCode, reason: string) =>
  new AppError(code, [message('', kind.deleteFailed), message('', reason)]);

async function select<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(
  db: Db,
  kind: MasterDataKind<TTable, TSelection, TInput, TResponse>,
  filter: MasterDataFilter,
): Promise<TResponse[]> {
  const rows = await selectMasterData(db, kind.table, kind.selection, filter);
  return rows.map((row) => kind.toResponse(row));
}

function checkRules<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(
  kind: MasterDataKind<TTable, TSelection, TInput, TResponse>,
  body: unknown,
): { input?: TInput; errors: ValidationMessage[] } {
  const result = kind.rules.safeParse(body);
  return result.success
    ? { input: result.data, errors: [] }
    : { errors: toValidationMessages(result.error, kind.labels) };
}

/**
 * The records the user may read, in number order; `onlyActive` narrows an admin's list. A supplier's
 * lists (and so its pickers and the debitor download) leave out the reserved empty-report record
 * (article 999, debitor 999999): the empty report fills it in by itself and a normal booking may not
 * use it (decisions.md section 4).
 */
export function listMasterData<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(
  db: Db,
  kind: MasterDataKind<TTable, TSelection, TInput, TResponse>,
  user: SessionUser,
  onlyActive: boolean,
): Promise<TResponse[]> {
  const scope = masterDataScope(user, kind.path);
  if (scope === 'all') return select(db, kind, { onlyActive });
  if (scope === 'active') return select(db, kind, { onlyActive: true, exceptNumber: kind.reservedNumber });
  if (user.creditorNumber === null) return Promise.resolve([]);
  return select(db, kind, { onlyActive, number: user.creditorNumber });
}

export async function getMasterData<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(
  db: Db,
  kind: MasterDataKind<TTable, TSelection, TInput, TResponse>,
  user: SessionUser,
  number: number,
): Promise<{ record: TResponse; version: number }> {
  requireAccess(user, 'masterData:askFor', [kind.path, number]);
  // The version in the same statement as the values: the edit form's ETag names what it shows.
  const selection = { ...kind.selection, version: kind.table.version };
  const [row] = await selectMasterData(db, kind.table, selection, { number });
  const record = row && kind.toResponse(row as SelectResultFields<TSelection>);
  if (!record) throw AppError.notFound();
  requireAccess(user, 'masterData:read', [kind.path, record]);
  return { record, version: row.version };
}

/** An absent isActive makes an active record. */
export async function createMasterData<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(
  db: Db,
  kind: MasterDataKind<TTable, TSelection, TInput, TResponse>,
  body: { number?: number | null; isActive?: boolean },
  actor: AuditActor,
): Promise<MasterDataSaveResult> {
  const { labels } = kind;
  const { input, errors } = checkRules(kind, { ...body, isActive: body.isActive ?? true });
  const duplicate = (n: number) =>
    message(labels.number, MASTER_DATA_MESSAGES.alreadyExists(labels.number, kind.formatNumber?.(n) ?? n));
  // Checked whenever the number itself is valid, so the form lists it together with other problems.
  const number = businessNumberRule.safeParse(body.number).data;
  if (number !== undefined && (await masterDataExists(db, kind.table, number)))
    errors.push(duplicate(number));
  if (!input || errors.length > 0) return { id: null, errors };
  // Two admins creating the same number at once: the unique index lets one win.
  const outcome = await db.transaction(async (tx) => {
    if ((await insertMasterData(tx, kind.table, kind.toRow(input))) === 'duplicate') return 'duplicate';
    await recordCreated(tx, actor, AUDIT_ENTITY[kind.path], [input.number]);
    return 'inserted';
  });
  if (outcome === 'duplicate') return { id: null, errors: [duplicate(input.number)] };
  return { id: input.number, errors: [] };
}

/**
 * The empty-report record's stored values are what every empty report shows (its name, the
 * debitor's address): one message per field whose value a save would change. The number and the
 * active flag have their own rules.
 */
function reservedValueChanges<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(
  kind: MasterDataKind<TTable, TSelection, TInput, TResponse>,
  existing: TResponse,
  input: TInput,
): ValidationMessage[] {
  const stored = existing as unknown as Record<string, unknown>;
  return Object.entries(kind.toRow(input) as Record<string, unknown>)
    .filter(([field, value]) => field !== 'number' && field !== 'isActive' && value !== stored[field])
    .map(([field]) => message(kind.labels[field] ?? '', MASTER_DATA_MESSAGES.reservedValuesUnchangeable));
}

/**
 * The number is the record's identity: it cannot change after creation. An absent number or
 * isActive keeps the stored value.
 */
export async function updateMasterData<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(
  db: Db,
  kind: MasterDataKind<TTable, TSelection, TInput, TResponse>,
  number: number,
  body: { number?: number | null; isActive?: boolean },
  actor: AuditActor,
  /** The version the client loaded (If-Match); undefined overwrites whatever is stored. */
  loadedVersion?: number,
): Promise<MasterDataSaveResult> {
  const { labels } = kind;
  const [existing] = await select(db, kind, { number });
  if (!existing) throw AppError.notFound();
  const errors: ValidationMessage[] = [];
  if (body.number !== null && body.number !== undefined && body.number !== number) {
    errors.push(message(labels.number, MASTER_DATA_MESSAGES.numberUnchangeable));
  }
  const isActive = body.isActive ?? existing.isActive;
  const checked = checkRules(kind, { ...body, number, isActive });
  errors.push(...checked.errors);
  if (number === kind.reservedNumber && !isActive) {
    errors.push(message(labels.isActive, MASTER_DATA_MESSAGES.reservedForEmptyReport));
  }
  if (number === kind.reservedNumber && checked.input) {
    errors.push(...reservedValueChanges(kind, existing, checked.input));
  }
  if (!checked.input || errors.length > 0) return { id: number, errors };
  const row = kind.toRow(checked.input);
  const entity = AUDIT_ENTITY[kind.path];
  await db.transaction(async (tx) => {
    const before = await snapshotForUpdate(tx, entity, number);
    if (!before) throw AppError.notFound();
    // Read after the snapshot has locked the row: no save can slip in between.
    assertVersion(loadedVersion, (await selectMasterDataVersion(tx, kind.table, number))!);
    if (!(await updateMasterDataRow(tx, kind.table, number, row))) throw AppError.notFound();
    await recordUpdated(tx, actor, entity, number, before);
  });
  // A new name has been copied onto each of the record's bookings (migration 0011), up to a
  // creditor's 75,000; a save that keeps the name rewrites none.
  if (row.name !== existing.name) await afterWritingBookings(db.$client, 'unknown');
  return { id: number, errors: [] };
}

/**
 * Refused (409, nothing removed) for the empty-report record and for referenced records, and (412)
 * when the record changed since the client loaded `loadedVersion` (If-Match).
 */
export async function deleteMasterData<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(
  db: Db,
  kind: MasterDataKind<TTable, TSelection, TInput, TResponse>,
  number: number,
  actor: AuditActor,
  loadedVersion?: number,
): Promise<void> {
  if (number === kind.reservedNumber)
    throw cannotDelete(kind, 'RESERVED_RECORD', MASTER_DATA_MESSAGES.reservedForEmptyReport);
  // Recorded first (the entry keeps the last values), undone with the delete when that is refused.
  await db.transaction(async (tx) => {
    await assertUnchangedBeforeDelete(loadedVersion, () =>
      selectMasterDataVersion(tx, kind.table, number, { lock: true }),
    );
    await recordDeleted(tx, actor, AUDIT_ENTITY[kind.path], [number]);
    const outcome = await deleteMasterDataRow(tx, kind.table, number);
    if (outcome === 'notFound') throw AppError.notFound();
    if (outcome === 'referenced')
      throw cannotDelete(kind, 'STILL_REFERENCED', MASTER_DATA_MESSAGES.stillReferenced);
  });
}
