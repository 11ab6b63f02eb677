import { DEBITOR_LABELS, MASTER_DATA_SCREEN_LABELS as L } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES, MASTER_DATA_SCREEN_MESSAGES as M } from '@lp/domain/messages';
import type { Debitor } from '@lp/domain/entities';
import { debitorFormSchema, emptyDebitorFormValues, toDebitorFormValues } from '@lp/domain/debitor.schema';
import { Checkmark } from '../../../components/ui/checkmark';
import { numberNameLabel } from '../../../components/ui/select-options';
import type { NumberedResource } from './resource';

export const debitorResource: NumberedResource<Debitor> = {
  path: 'debitors',
  listTitle: L.debitorList,
  addLabel: L.addDebitor,
  editTitle: L.editDebitor,
  newTitle: L.newDebitor,
  savedMessage: M.debitorSaved,
  createdMessage: M.debitorCreated,
  deleteFailedMessage: MASTER_DATA_MESSAGES.debitorDeleteFailed,
  keyOf: (debitor) => debitor.number,
  deleteObject: (debitor) => M.debitorToDelete(numberNameLabel(debitor.number, debitor.name)),
  deletedMessage: (debitor) => M.debitorDeleted(numberNameLabel(debitor.number, debitor.name)),
  searchText: (debitor) =>
    `${debitor.number} ${debitor.name} ${debitor.street} ${debitor.zipCode} ${debitor.city}`,
  columns: [
    {
      header: DEBITOR_LABELS.number,
      cell: (debitor) => debitor.number,
      className: 'cell--nowrap',
      link: true,
    },
    { header: DEBITOR_LABELS.name, cell: (debitor) => debitor.name, className: 'cell--text' },
    { header: DEBITOR_LABELS.street, cell: (debitor) => debitor.street, className: 'cell--text' },
    { header: DEBITOR_LABELS.zipCode, cell: (debitor) => debitor.zipCode, className: 'cell--nowrap' },
    { header: DEBITOR_LABELS.city, cell: (debitor) => debitor.city, className: 'cell--text' },
    {
      header: DEBITOR_LABELS.isActive,
      cell: (debitor) => <Checkmark checked={debitor.isActive} />,
      className: 'cell--center',
    },
  ],
  labels: DEBITOR_LABELS,
  formSchema: debitorFormSchema,
  emptyValues: emptyDebitorFormValues,
  toFormValues: toDebitorFormValues,
  formatNumber: String,
  addressFields: true,
};
