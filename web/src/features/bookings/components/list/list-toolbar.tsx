import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { cx } from '../../../../lib/class-names';
import type { ExportFormat } from '../../api/export-bookings';
import { SearchBox } from './search-box';

interface ListToolbarProps {
  searchQuery: string;
  onSearch: (text: string) => void;
  filterOpen: boolean;
  filterActive: boolean;
  filterPanelId: string;
  onToggleFilter: () => void;
  selectedCount: number;
  onSelectAll: () => void;
  onSelectNone: () => void;
  onDelete: () => void;
  /** Only admins export (spec section 6), as CSV or Excel; null hides the links. */
  onExport: ((format: ExportFormat) => void) | null;
  busy: boolean;
}

/** Search, the filter toggle and the list's actions: select all, select none, delete, export. */
export function ListToolbar(props: ListToolbarProps) {
  const { filterOpen, filterActive, selectedCount, busy } = props;
  return (
    <div className="list-toolbar">
      <div className="list-toolbar__search">
        <SearchBox value={props.searchQuery} onApply={props.onSearch} />
        <button
          type="button"
          className={cx(
            'button',
            'button--secondary',
            'filter-toggle',
            filterActive && 'filter-toggle--active',
          )}
          aria-expanded={filterOpen}
          aria-controls={props.filterPanelId}
          onClick={props.onToggleFilter}
        >
          <svg className="filter-toggle__icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
            <path
              d="M2.5 4h15l-6 7v5l-3-1.5V11z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          {L.filter}
        </button>
      </div>
      <ul className="list-toolbar__actions" aria-label={L.actions}>
        <li>
          <button type="button" className="button button--link" onClick={props.onSelectAll}>
            {L.selectAll}
          </button>
        </li>
        <li>
          <button type="button" className="button button--link" onClick={props.onSelectNone}>
            {L.selectNone}
          </button>
        </li>
        <li>
          <button type="button" className="button button--link" onClick={props.onDelete} disabled={busy}>
            {L.delete}
          </button>
        </li>
        {props.onExport && (
          <li>
            <button
              type="button"
              className="button button--link"
              onClick={() => props.onExport?.('csv')}
              disabled={busy}
            >
              {L.exportCsv}
            </button>
          </li>
        )}
        {props.onExport && (
          <li>
            <button
              type="button"
              className="button button--link"
              onClick={() => props.onExport?.('xlsx')}
              disabled={busy}
            >
              {L.exportXlsx}
            </button>
          </li>
        )}
        {selectedCount > 0 && <li className="list-toolbar__selected">{L.selectedCount(selectedCount)}</li>}
      </ul>
    </div>
  );
}
