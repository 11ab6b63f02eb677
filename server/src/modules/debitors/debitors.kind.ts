// Debitors as a master-data kind. Debitor 999999 is the empty report's (Leermeldung): never deleted,
// deactivated or changed. Suppliers read active debitors: they need them to book.
import { EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import { debitorInputSchema, debitorSchema } from '@lp/domain/debitor.schema';
import { DEBITOR_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES } from '@lp/domain/messages';
import { debitors } from '../../db/schema';
import { defineMasterDataKind } from '../master-data/index';
import { toDebitorResponse } from './debitors.mapper';

export const debitorKind = defineMasterDataKind({
  path: 'debitors',
  table: debitors,
  selection: {
    id: debitors.id,
    number: debitors.number,
    name: debitors.name,
    street: debitors.street,
    zipCode: debitors.zipCode,
    city: debitors.city,
    isActive: debitors.isActive,
  },
  toResponse: toDebitorResponse,
  inputSchema: debitorInputSchema,
  rules: debitorSchema,
  toRow: (input) => ({
    number: input.number,
    name: input.name,
    street: input.street,
    zipCode: input.zipCode,
    city: input.city,
    isActive: input.isActive,
  }),
  labels: DEBITOR_LABELS,
  deleteFailed: MASTER_DATA_MESSAGES.debitorDeleteFailed,
  reservedNumber: EMPTY_REPORT_DEBITOR_NUMBER,
});
