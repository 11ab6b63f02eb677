import { formatLocalDate } from '@lp/domain/dates';
import { CREDITOR_LABELS, MASTER_DATA_SCREEN_LABELS as L, UI_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES, MASTER_DATA_SCREEN_MESSAGES as M } from '@lp/domain/messages';
import type { Creditor } from '@lp/domain/entities';
import {
  creditorFormSchema,
  emptyCreditorFormValues,
  toCreditorFormValues,
} from '@lp/domain/creditor.schema';
import { Checkmark } from '../../../components/ui/checkmark';
import { numberNameLabel } from '../../../components/ui/select-options';
import type { NumberedResource } from './resource';

export const creditorResource: NumberedResource<Creditor> = {
  path: 'creditors',
  listTitle: L.creditorList,
  addLabel: L.addCreditor,
  editTitle: L.editCreditor,
  newTitle: L.newCreditor,
  savedMessage: M.creditorSaved,
  createdMessage: M.creditorCreated,
  deleteFailedMessage: MASTER_DATA_MESSAGES.creditorDeleteFailed,
  keyOf: (creditor) => creditor.number,
  deleteObject: (creditor) => M.creditorToDelete(numberNameLabel(creditor.number, creditor.name)),
  deletedMessage: (creditor) => M.creditorDeleted(numberNameLabel(creditor.number, creditor.name)),
  searchText: (creditor) => `${creditor.number} ${creditor.name}`,
  columns: [
    {
      header: CREDITOR_LABELS.number,
      cell: (creditor) => creditor.number,
      className: 'cell--nowrap',
      link: true,
    },
    { header: CREDITOR_LABELS.name, cell: (creditor) => creditor.name, className: 'cell--text' },
    {
      header: CREDITOR_LABELS.lastTransactionCreationDate,
      // A timestamp: shown as the German calendar day it happened on; '–' for a creditor without bookings.
      cell: (creditor) =>
        creditor.lastTransactionCreationDate === null
          ? UI_LABELS.noValue
          : formatLocalDate(creditor.lastTransactionCreationDate),
      className: 'cell--date',
    },
    {
      header: CREDITOR_LABELS.isActive,
      cell: (creditor) => <Checkmark checked={creditor.isActive} />,
      className: 'cell--center',
    },
  ],
  labels: CREDITOR_LABELS,
  formSchema: creditorFormSchema,
  emptyValues: emptyCreditorFormValues,
  toFormValues: toCreditorFormValues,
  formatNumber: String,
  addressFields: false,
};
