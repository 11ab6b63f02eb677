import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { padArticleNumber } from '@lp/domain/numbers';
import { POLICIES } from '@lp/domain/policies';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import { useState } from 'react';
import { FormField } from '../../../../components/ui/form-field';
import { RecordCombobox } from '../../../../components/ui/record-combobox';
import { useCurrentUser } from '../../../../lib/current-user';
import { useArticles } from '../../../../api/get-articles';
import { useCreditors } from '../../../../api/get-creditors';
import { useDebitors } from '../../../../api/get-debitors';
import { EMPTY_FILTER, type BookingListFilter } from '../../utils/list-state';
import { bookingOptions } from '../../utils/master-data-options';
import { FilterDateInput } from './filter-date-input';

export interface FilterPanelProps {
  id: string;
  filter: BookingListFilter;
  onChange: (change: Partial<BookingListFilter>) => void;
}

/**
 * The filter panel: export status, invoice date range, article, customer and (for admins, who see
 * every creditor) supplier. Every change applies at once. Inactive master data is offered too: old
 * bookings refer to it; a supplier is not offered the records reserved for empty reports (an admin
 * may look for those).
 */
export function FilterPanel({ id, filter, onChange }: FilterPanelProps) {
  const anyCreditor = POLICIES['booking:anyCreditor'](useCurrentUser());
  const articles = useArticles({ onlyActive: false });
  const debitors = useDebitors({ onlyActive: false });
  const creditors = useCreditors({ onlyActive: false, enabled: anyCreditor });
  // A reset starts the date boxes and pickers afresh: a refused date or a picker's unresolved text
  // left in a box whose filter is already empty changes no filter value, so only a new box clears it.
  const [resets, setResets] = useState(0);

  return (
    <section id={id} className="filter-panel" aria-label={L.filter}>
      <fieldset className="filter-panel__status">
        <legend className="form-field__label">{L.status}</legend>
        <label className="inline-check">
          <input
            type="checkbox"
            checked={filter.exportedOnly}
            onChange={(event) => onChange({ exportedOnly: event.target.checked })}
          />
          {L.exported}
        </label>
        <label className="inline-check">
          <input
            type="checkbox"
            checked={filter.notExportedOnly}
            onChange={(event) => onChange({ notExportedOnly: event.target.checked })}
          />
          {L.notExported}
        </label>
      </fieldset>
      <FormField id="filter-invoice-date-from" label={L.invoiceDateFrom}>
        {(control) => (
          <FilterDateInput
            key={resets}
            {...control}
            value={filter.invoiceDateFrom}
            onChange={(day) => onChange({ invoiceDateFrom: day })}
          />
        )}
      </FormField>
      <FormField id="filter-invoice-date-until" label={L.invoiceDateUntil}>
        {(control) => (
          <FilterDateInput
            key={resets}
            {...control}
            value={filter.invoiceDateUntil}
            onChange={(day) => onChange({ invoiceDateUntil: day })}
          />
        )}
      </FormField>
      <FormField id="filter-article" label={L.article}>
        {(control) => (
          <RecordCombobox
            key={resets}
            {...control}
            placeholder={L.all}
            options={bookingOptions(articles.data, {
              reserved: anyCreditor ? undefined : EMPTY_REPORT_ARTICLE_NUMBER,
              formatNumber: padArticleNumber,
            })}
            value={filter.article}
            onChange={(value) => onChange({ article: value })}
            recentKind="article"
          />
        )}
      </FormField>
      <FormField id="filter-debitor" label={L.debitor}>
        {(control) => (
          <RecordCombobox
            key={resets}
            {...control}
            placeholder={L.all}
            options={bookingOptions(debitors.data, {
              reserved: anyCreditor ? undefined : EMPTY_REPORT_DEBITOR_NUMBER,
            })}
            value={filter.debitor}
            onChange={(value) => onChange({ debitor: value })}
            recentKind="debitor"
          />
        )}
      </FormField>
      {anyCreditor && (
        <FormField id="filter-creditor" label={L.creditor}>
          {(control) => (
            <RecordCombobox
              key={resets}
              {...control}
              placeholder={L.all}
              options={bookingOptions(creditors.data, {})}
              value={filter.creditor}
              onChange={(value) => onChange({ creditor: value })}
              recentKind="creditor"
            />
          )}
        </FormField>
      )}
      {filter.exportBatch !== null && (
        <div className="filter-panel__batch">
          <span className="form-field__label">{L.exportBatch}</span>
          <span className="filter-chip">
            {L.exportBatchValue(filter.exportBatch)}
            <button
              type="button"
              className="filter-chip__remove"
              aria-label={L.removeExportBatch}
              title={L.removeExportBatch}
              onClick={() => onChange({ exportBatch: null })}
            >
              <span aria-hidden="true">×</span>
            </button>
          </span>
        </div>
      )}
      <div className="filter-panel__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            setResets((count) => count + 1);
            onChange({ ...EMPTY_FILTER, searchQuery: filter.searchQuery });
          }}
        >
          {L.resetFilter}
        </button>
      </div>
    </section>
  );
}
