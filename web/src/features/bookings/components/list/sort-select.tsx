import type { Sorting } from '@lp/domain/booking-list-query';
import type { SortKey } from '@lp/domain/booking-list-query';
import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { COLUMNS } from './columns';

interface SortSelectProps {
  sorting: Sorting;
  onChange: (sorting: Sorting) => void;
}

/**
 * Sorting where the table shows as cards (phones): the column headers are not visible there, so a
 * select chooses the column and a button the direction.
 */
export function SortSelect({ sorting, onChange }: SortSelectProps) {
  return (
    <div className="sort-select">
      <label htmlFor="bookings-sort" className="sort-select__label">
        {L.sortBy}
      </label>
      <select
        id="bookings-sort"
        className="select sort-select__select"
        value={sorting.key}
        onChange={(event) => onChange({ key: event.target.value as SortKey, descending: false })}
      >
        {COLUMNS.map((column) => (
          <option key={column.key} value={column.key}>
            {column.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--secondary sort-select__direction"
        onClick={() => onChange({ ...sorting, descending: !sorting.descending })}
        aria-label={`${L.sortDirection}: ${sorting.descending ? L.descending : L.ascending}`}
        title={sorting.descending ? L.descending : L.ascending}
      >
        <span aria-hidden="true">{sorting.descending ? '▼' : '▲'}</span>
      </button>
    </div>
  );
}
