// Creditors as a master-data kind. A supplier sees only its own creditor. The answer carries the
// latest creation date of the creditor's bookings and empty reports, computed in SQL: one index
// lookup per creditor (transactions_creditor_creation_idx), so the list stays fast with many bookings.
import { sql } from 'drizzle-orm';
import { creditorInputSchema, creditorSchema } from '@lp/domain/creditor.schema';
import { CREDITOR_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES } from '@lp/domain/messages';
import { creditors, bookings } from '../../db/schema';
import { defineMasterDataKind } from '../master-data/index';
import { toCreditorResponse } from './creditors.mapper';

/** Latest creation date of the creditor's bookings and empty reports (also the Meldestatus). */
export const lastTransactionCreationDate = sql<Date | null>`(
  select max(${bookings.creationDate}) from ${bookings}
  where ${bookings.creditorNumber} = ${creditors.number}
)`.mapWith(bookings.creationDate);

export const creditorKind = defineMasterDataKind({
  path: 'creditors',
  table: creditors,
  selection: {
    id: creditors.id,
    number: creditors.number,
    name: creditors.name,
    isActive: creditors.isActive,
    lastTransactionCreationDate,
  },
  toResponse: toCreditorResponse,
  inputSchema: creditorInputSchema,
  rules: creditorSchema,
  toRow: (input) => ({ number: input.number, name: input.name, isActive: input.isActive }),
  labels: CREDITOR_LABELS,
  deleteFailed: MASTER_DATA_MESSAGES.creditorDeleteFailed,
});
