import type { Sorting } from '@lp/domain/booking-list-query';
import { BOOKING_LIST_LABELS as L } from '@lp/domain/labels';
import { ariaSort } from '../../utils/list-state';
import type { Column } from './columns';

interface SortHeaderProps {
  column: Column;
  sorting: Sorting;
  onSort: (column: Column) => void;
}

/** A column header that sorts; aria-sort tells assistive technology the current direction. */
export function SortHeader({ column, sorting, onSort }: SortHeaderProps) {
  const direction = ariaSort(sorting, column.key);
  return (
    <th scope="col" aria-sort={direction} className={column.className}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {column.header}
        {direction && (
          <>
            <span className="sort-indicator" aria-hidden="true">
              {direction === 'descending' ? '▼' : '▲'}
            </span>
            <span className="visually-hidden">
              {' '}
              ({direction === 'descending' ? L.descending : L.ascending})
            </span>
          </>
        )}
      </button>
    </th>
  );
}
