// Business rules of articles, creditors and debitors, written once for the three kinds.
//
// Access (decisions.md section 3). Writes are admin-only (the routes answer 403). Reading:
// - admins read everything;
// - a supplier reads active articles and debitors; an inactive one answers 404, exactly like a
//   number that does not exist, because it is not part of what a supplier can see;
// - a supplier reads only its own creditor; any other creditor number answers 403 before the
//   database is asked, so the answer never tells whether that creditor exists.
// In short: 403 = the role or ownership forbids it (checked first, whatever exists), 404 = no such
// record in the caller's view.
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { MasterDataSaveResult } from '@lp/domain/entities';
import { businessNumberRule } from '@lp/domain/master-data.schema';
import { MASTER_DATA_MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { toValidationMessages } from '@lp/domain/validation';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../auth/session-user';
import type { MasterDataKind, MasterDataTable } from './master-data.kind';
import {
  deleteMasterData,
  insertMasterData,
  masterDataExists,
  selectMasterData,
  updateMasterData,
  type MasterDataFilter,
} from './master-data.repository';

type Stored = { number: number; isActive: boolean };

export function masterDataService<
  TTable extends MasterDataTable,
  TSelection extends SelectedFields,
  TInput extends Stored,
  TResponse extends Stored,
>(db: Db, kind: MasterDataKind<TTable, TSelection, TInput, TResponse>) {
  const { labels } = kind;
  const message = (property: string, text: string): ValidationMessage => ({ property, message: text });
  const cannotDelete = (reason: string) =>
    new AppError(409, [message('', kind.deleteFailed), message('', reason)]);

  async function select(filter: MasterDataFilter): Promise<TResponse[]> {
    const rows = await selectMasterData(db, kind.table, kind.selection, filter);
    return rows.map((row) => kind.toResponse(row));
  }

  function checkRules(body: unknown): { input?: TInput; errors: ValidationMessage[] } {
    const result = kind.rules.safeParse(body);
    return result.success
      ? { input: result.data, errors: [] }
      : { errors: toValidationMessages(result.error, labels) };
  }

  return {
    /** The records the user may read, in number order; `onlyActive` narrows an admin's list. */
    list(user: SessionUser, onlyActive: boolean): Promise<TResponse[]> {
      if (user.isAdmin) return select({ onlyActive });
      if (kind.supplierView === 'active') return select({ onlyActive: true });
      if (user.creditorNumber === null) return Promise.resolve([]);
      return select({ onlyActive, number: user.creditorNumber });
    },

    async get(user: SessionUser, number: number): Promise<TResponse> {
      if (!user.isAdmin && kind.supplierView === 'ownCreditor' && number !== user.creditorNumber) {
        throw AppError.forbidden();
      }
      const [record] = await select({ number });
      if (!record || (!user.isAdmin && kind.supplierView === 'active' && !record.isActive)) {
        throw AppError.notFound();
      }
      return record;
    },

    /** An absent isActive makes an active record. */
    async create(body: { number?: number | null; isActive?: boolean }): Promise<MasterDataSaveResult> {
      const { input, errors } = checkRules({ ...body, isActive: body.isActive ?? true });
      const duplicate = (n: number) =>
        message(labels.number, MASTER_DATA_MESSAGES.alreadyExists(labels.number, n));
      // Checked whenever the number itself is valid, so the form lists it together with other problems.
      const number = businessNumberRule.safeParse(body.number).data;
      if (number !== undefined && (await masterDataExists(db, kind.table, number)))
        errors.push(duplicate(number));
      if (!input || errors.length > 0) return { id: null, errors };
      // Two admins creating the same number at once: the unique index lets one win.
      if ((await insertMasterData(db, kind.table, kind.toRow(input))) === 'duplicate') {
        return { id: null, errors: [duplicate(input.number)] };
      }
      return { id: input.number, errors: [] };
    },

    /**
     * The number is the record's identity: it cannot change after creation. An absent number or
     * isActive keeps the stored value.
     */
    async update(
      number: number,
      body: { number?: number | null; isActive?: boolean },
    ): Promise<MasterDataSaveResult> {
      const [existing] = await select({ number });
      if (!existing) throw AppError.notFound();
      const errors: ValidationMessage[] = [];
      if (body.number !== null && body.number !== undefined && body.number !== number) {
        errors.push(message(labels.number, MASTER_DATA_MESSAGES.numberUnchangeable));
      }
      const isActive = body.isActive ?? existing.isActive;
      const checked = checkRules({ ...body, number, isActive });
      errors.push(...checked.errors);
      if (number === kind.reservedNumber && !isActive) {
        errors.push(message(labels.isActive, MASTER_DATA_MESSAGES.reservedForEmptyReport));
      }
      if (!checked.input || errors.length > 0) return { id: number, errors };
      if (!(await updateMasterData(db, kind.table, number, kind.toRow(checked.input))))
        throw AppError.notFound();
      return { id: number, errors: [] };
    },

    /** Refused (409, nothing removed) for the empty-report record and for referenced records. */
    async remove(number: number): Promise<void> {
      if (number === kind.reservedNumber) throw cannotDelete(MASTER_DATA_MESSAGES.reservedForEmptyReport);
      const outcome = await deleteMasterData(db, kind.table, number);
      if (outcome === 'notFound') throw AppError.notFound();
      if (outcome === 'referenced') throw cannotDelete(MASTER_DATA_MESSAGES.stillReferenced);
    },
  };
}
